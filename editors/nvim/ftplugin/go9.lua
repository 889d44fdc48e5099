-- Board files: `#` starts a comment line (for gc and 'comments').
vim.bo.commentstring = '# %s'
vim.bo.comments = ':#'
vim.b.undo_ftplugin = (vim.b.undo_ftplugin or '') .. '\n setlocal commentstring< comments<'
-- The colours of the cell states the server sends as semantic tokens.
require('boardls.highlights').setup()
