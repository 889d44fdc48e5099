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
  -- The games, the answer files of board files (see plugin/boardls.lua)
  -- and, among TOML files, boardls.toml only (root_dir below).
  filetypes = { 'uttt', 'go9', 'tomek', 'boardls_answer', 'toml' },
  -- The nearest boardls.toml's folder, else the repository's.
  root_markers = { 'boardls.toml', '.git' },
  root_dir = function(bufnr, on_dir)
    require('boardls').root_dir(bufnr, on_dir)
  end,
  -- Only the settings the user gives (setup({ settings = ... }) or
  -- vim.lsp.config): a default sent here would hide the project file's.
  settings = {},
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
  -- The language of the server's messages, which Neovim does not send:
  -- setup({ locale = ... }), else v:lang, else $LC_ALL, $LC_MESSAGES,
  -- $LANG. A `boardls.locale` in the settings wins over it.
  before_init = function(params)
    require('boardls').before_init(params)
  end,
  -- Inlay hints on in board buffers (setup({ inlay_hints = false }) turns
  -- that off), then setup()'s on_attach.
  on_attach = function(client, bufnr)
    require('boardls').attach(client, bufnr)
  end,
}
