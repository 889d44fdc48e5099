-- The whole user config of the Neovim end-to-end test, as the README tells
-- a user to write it: the plugin on 'runtimepath' and one line. The server
-- is whatever the plugin finds (tests/editors/run.sh puts boardls on PATH).
-- nvim_e2e.lua, the test itself, is run after it with -c 'luafile ...'.
local here = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h')
vim.opt.runtimepath:prepend(vim.fn.fnamemodify(here, ':h:h') .. '/editors/nvim')

vim.lsp.enable('boardls')
