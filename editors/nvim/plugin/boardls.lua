-- Board files of the three games boardls understands. Loaded at startup,
-- so it only registers the filetypes; the language server's configuration
-- is lsp/boardls.lua, read when `vim.lsp.enable('boardls')` first needs it.
vim.filetype.add({
  extension = {
    uttt = 'uttt',
    go9 = 'go9',
    tomek = 'tomek',
  },
  pattern = {
    -- Judge files by any name: a file that the nearest boardls.toml maps
    -- to a game (`[files]`, such as "tests/*.in" = "tomek") has that
    -- game's filetype, whatever its extension; the answer file of a board
    -- file (tests/01.out beside tests/01.in) has `boardls_answer`. Any
    -- other file falls through to Neovim's own detection.
    ['.*'] = {
      function(path)
        return require('boardls.project').filetype(path)
      end,
      { priority = math.huge },
    },
  },
})
