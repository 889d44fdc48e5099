-- Configuration for the boardls language server, for Neovim 0.11+:
--
--   vim.lsp.enable('boardls')
--
-- Override any field with vim.lsp.config('boardls', { ... }), for example
-- cmd = { '/path/to/boardls', 'lsp' }, or cmd = vim.lsp.rpc.connect('127.0.0.1', 9257)
-- for a daemon started with `boardls lsp --listen 127.0.0.1:9257`.

---@type vim.lsp.Config
return {
  cmd = { 'boardls', 'lsp' },
  filetypes = { 'uttt', 'go9', 'tomek' },
  root_markers = { '.git' },
  settings = {
    -- The server's settings and their defaults.
    boardls = {
      inlayHints = { enable = true, verdicts = true, legalMoves = true, captures = true },
      workspace = { scan = true, maxFiles = 10000 },
      -- Neovim hides image links: "auto" gives it a text board.
      hover = { picture = 'auto' },
    },
  },
}
