-- Configuration for the boardls language server, for Neovim 0.11+:
--
--   vim.lsp.enable('boardls')
--
-- Override any field with vim.lsp.config('boardls', { ... }), for example
-- cmd = { '/path/to/boardls', 'lsp' }.

---@type vim.lsp.Config
return {
  cmd = { 'boardls', 'lsp' },
  filetypes = { 'uttt', 'go9', 'tomek' },
  root_markers = { '.git' },
  settings = {
    boardls = {
      inlayHints = { enable = true },
      diagnostics = { information = true },
    },
  },
}
