-- Board files of the three games boardls understands. Loaded at startup,
-- so it only registers the filetypes; the language server's configuration
-- is lsp/boardls.lua, read when `vim.lsp.enable('boardls')` first needs it.
vim.filetype.add({
  extension = {
    uttt = 'uttt',
    go9 = 'go9',
    tomek = 'tomek',
  },
})
