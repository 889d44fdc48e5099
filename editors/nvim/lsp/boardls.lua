-- The boardls language server, for Neovim 0.11+. All a user writes:
--
--   vim.lsp.enable('boardls')
--
-- Change any field with vim.lsp.config('boardls', { ... }) or, the same,
-- require('boardls').setup({ ... }) (see :help boardls-options): for example
-- cmd = { '/path/to/boardls', 'lsp' }, or cmd = vim.lsp.rpc.connect('127.0.0.1', 9257)
-- for a daemon started with `boardls lsp --listen 127.0.0.1:9257`.

---@type vim.lsp.Config
return {
  -- `boardls` on PATH, else the build in the boardls checkout this plugin
  -- lies in (target/release/boardls).
  cmd = { require('boardls').server(), 'lsp' },
  -- Board files (by extension, or mapped by boardls.toml: plugin/), answer
  -- files, and the project files themselves (the server ignores other
  -- TOML files, silently).
  filetypes = { 'uttt', 'go9', 'tomek', 'boardls-answer', 'toml' },
  -- A problem folder's boardls.toml marks the root, as .git does.
  root_markers = { 'boardls.toml', '.git' },
  settings = {
    -- ONLY what the user sets (vim.lsp.config('boardls', { settings = {
    -- boardls = { inlayHints = { verdicts = false } } } })): a default sent
    -- here would hide the project's boardls.toml. The server's defaults:
    -- inlayHints.{enable,verdicts,legalMoves,captures} = true,
    -- diagnostics.{information,warnings} = true, workspace.scan = true,
    -- workspace.maxFiles = 10000, hover.picture = 'auto' (a text board in
    -- Neovim, which hides image links).
    boardls = vim.empty_dict(),
  },
  -- The server asks the client to pull diagnostics again when they change
  -- without an edit (a setting, files on disk); Neovim 0.11 does not
  -- answer that request itself, so this configuration does.
  capabilities = {
    workspace = { diagnostics = { refreshSupport = true } },
  },
  handlers = {
    ['workspace/diagnostic/refresh'] = function(_, _, ctx)
      require('boardls').pull_diagnostics(ctx.client_id)
      return vim.NIL
    end,
  },
  -- Inlay hints on in board buffers (setup({ inlay_hints = false }) turns
  -- that off), then setup()'s on_attach.
  on_attach = function(client, bufnr)
    require('boardls').attach(client, bufnr)
  end,
}
