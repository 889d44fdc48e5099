-- boardls for Neovim: filetypes, the language server and (optionally) inlay
-- hints, in one call:
--
--   require('boardls').setup({
--     cmd = { '/path/to/boardls', 'lsp' },  -- default: boardls on PATH
--     daemon = false, -- true: share the per-user daemon (`boardls lsp --connect auto`)
--     address = nil,  -- or '127.0.0.1:9257': connect to `boardls lsp --listen`
--     token_file = nil, -- with address: the server's token file
--     settings = { boardls = { inlayHints = { verdicts = false } } },
--     inlay_hints = true,                     -- turn them on in board buffers
--   })

local M = {}

M.filetypes = { 'uttt', 'go9', 'tomek' }

local defaults = {
  cmd = nil,
  daemon = false,
  address = nil,
  token_file = nil,
  settings = nil,
  root_markers = nil,
  inlay_hints = true,
  on_attach = nil,
}

local function register_filetypes()
  vim.filetype.add({
    extension = { uttt = 'uttt', go9 = 'go9', tomek = 'tomek' },
  })
end

--- `HOST:PORT` (an IPv6 host in brackets: `[::1]:9257`) as host, port; nil
--- when the text is not such an address.
---@param address string
---@return string?, integer?
function M.parse_address(address)
  local host, port = address:match('^%s*%[([^%]]+)%]:(%d+)%s*$')
  if host == nil then
    host, port = address:match('^%s*([^:%s]+):(%d+)%s*$')
  end
  port = tonumber(port)
  if host == nil or port == nil or port < 1 or port > 65535 then
    return nil, nil
  end
  return host, port
end

--- The options setup() was last called with (after defaults).
M.options = vim.deepcopy(defaults)

---@param opts? table
function M.setup(opts)
  opts = vim.tbl_deep_extend('force', vim.deepcopy(defaults), opts or {})
  M.options = opts

  if vim.fn.has('nvim-0.11') ~= 1 then
    vim.notify('boardls: Neovim 0.11 or newer is needed', vim.log.levels.ERROR)
    return
  end

  register_filetypes()

  local config = {}
  -- The boardls executable, for the forwarder `boardls lsp --connect`.
  local boardls = type(opts.cmd) == 'table' and opts.cmd[1] or opts.cmd or 'boardls'
  if opts.address ~= nil and opts.address ~= '' then
    -- A running server (`boardls lsp --listen HOST:PORT`): one TCP
    -- connection, and so one server session, per client.
    local host, port = M.parse_address(opts.address)
    if host == nil then
      vim.notify(
        ('boardls: address "%s" is not HOST:PORT (such as 127.0.0.1:9257)'):format(opts.address),
        vim.log.levels.ERROR
      )
      return
    end
    if opts.token_file ~= nil and opts.token_file ~= '' then
      -- The forwarder presents the token (the first line it sends).
      config.cmd = { boardls, 'lsp', '--connect', 'tcp://' .. opts.address, '--token-file',
        vim.fn.expand(opts.token_file) }
    else
      vim.notify('boardls: a server started with `boardls lsp --listen` serves only connections '
        .. 'that present its token; pass token_file = the file it printed', vim.log.levels.WARN)
      config.cmd = vim.lsp.rpc.connect(host, port)
    end
  elseif opts.daemon then
    -- The per-user daemon, started when absent: one per user, shared by
    -- every Neovim.
    config.cmd = { boardls, 'lsp', '--connect', 'auto' }
  elseif opts.cmd ~= nil then
    config.cmd = type(opts.cmd) == 'string' and { opts.cmd, 'lsp' } or opts.cmd
  end
  if opts.settings ~= nil then
    config.settings = opts.settings
  end
  if opts.root_markers ~= nil then
    config.root_markers = opts.root_markers
  end
  if opts.on_attach ~= nil then
    config.on_attach = opts.on_attach
  end

  local exe = type(config.cmd) == 'table' and config.cmd[1] or (config.cmd == nil and 'boardls' or nil)
  if type(exe) == 'string' and vim.fn.executable(exe) ~= 1 then
    vim.notify(
      ('boardls: the server "%s" is not executable; install boardls or pass cmd = { "/path/to/boardls", "lsp" } to setup()'):format(exe),
      vim.log.levels.WARN
    )
  end

  if next(config) ~= nil then
    vim.lsp.config('boardls', config)
  end

  if opts.inlay_hints then
    local group = vim.api.nvim_create_augroup('boardls_inlay_hints', { clear = true })
    vim.api.nvim_create_autocmd('LspAttach', {
      group = group,
      callback = function(args)
        local client = vim.lsp.get_client_by_id(args.data.client_id)
        if client and client.name == 'boardls' and client:supports_method('textDocument/inlayHint') then
          vim.lsp.inlay_hint.enable(true, { bufnr = args.buf })
        end
      end,
    })
  end

  vim.lsp.enable('boardls')
end

return M
