-- boardls for Neovim. Nothing here is needed to use it: `plugin/boardls.lua`
-- registers the filetypes, `lsp/boardls.lua` is the server's
-- configuration, and `vim.lsp.enable('boardls')` starts it. setup() only
-- changes the defaults:
--
--   require('boardls').setup({
--     cmd = { '/path/to/boardls', 'lsp' },  -- default: boardls on PATH
--     daemon = false, -- true: share the per-user daemon (`boardls lsp --connect auto`)
--     address = nil,  -- or '127.0.0.1:9257': connect to `boardls lsp --listen`
--     token_file = nil, -- with address: the server's token file
--     settings = { boardls = { diagnostics = { information = false } } },
--     inlay_hints = true,                     -- on in board buffers
--     locale = nil,   -- or 'ru', 'zh-CN', 'en' (default: v:lang, else $LANG)
--   })
--   vim.lsp.enable('boardls')

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
  locale = nil,
  on_attach = nil,
}

--- The options setup() was last called with (after defaults).
M.options = vim.deepcopy(defaults)

--- The server binary of the default `cmd`: `boardls` when it is on PATH,
--- else a build in the boardls checkout this plugin lies in (the plugin is
--- its `editors/nvim` folder), else `boardls` (and `:checkhealth boardls`
--- says it is missing).
---@return string
function M.server()
  if vim.fn.executable('boardls') == 1 then
    return 'boardls'
  end
  local source = debug.getinfo(1, 'S').source:sub(2)
  -- lua/boardls/init.lua → editors/nvim → the checkout.
  local checkout = vim.fn.fnamemodify(source, ':p:h:h:h:h:h')
  for _, build in ipairs({ 'release', 'dist' }) do
    local binary = checkout .. '/target/' .. build .. '/boardls'
    if vim.fn.executable(binary) == 1 then
      return binary
    end
  end
  return 'boardls'
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

--- lsp/boardls.lua's root_dir: the folder of the first of the
--- configuration's root_markers found upward (the nearest boardls.toml,
--- else .git), for a board or answer file and for boardls.toml; other
--- TOML files get no server.
---@param bufnr integer
---@param on_dir fun(root_dir?: string)
function M.root_dir(bufnr, on_dir)
  local name = vim.api.nvim_buf_get_name(bufnr)
  if vim.bo[bufnr].filetype == 'toml' and vim.fs.basename(name) ~= require('boardls.project').FILE_NAME then
    return
  end
  local markers = (vim.lsp.config.boardls or {}).root_markers or { 'boardls.toml', '.git' }
  on_dir(vim.fs.root(bufnr, markers))
end

--- Windows' names of the languages boardls has text in, as `v:lang` gives
--- them there (`Russian_Russia.1251`, `Chinese (Simplified)_China.936`).
local WINDOWS_LANGUAGES = {
  ['english'] = 'en',
  ['russian'] = 'ru',
  ['chinese (simplified)'] = 'zh-CN',
  ['chinese (traditional)'] = 'zh-TW',
  ['chinese'] = 'zh',
}

--- A locale name as a language tag: `ru_RU.UTF-8` → `ru-RU`, `zh-CN` as
--- it is, `Russian_Russia.1251` → `ru`; nil for `C`, `POSIX`, an empty
--- name, and Windows' names of other languages.
---@param name string?
---@return string?
function M.language_tag(name)
  if type(name) ~= 'string' then
    return nil
  end
  -- The encoding and the modifier: `.UTF-8`, `@euro`.
  name = name:gsub('[.@].*$', '')
  if name == '' or name == 'C' or name == 'POSIX' then
    return nil
  end
  local language, rest = name:match('^(%l%l%l?)(.*)$')
  if language ~= nil and (rest == '' or rest:match('^[_-]%w')) then
    return language .. rest:gsub('_', '-')
  end
  return WINDOWS_LANGUAGES[(name:match('^([^_]+)') or ''):lower()]
end

--- The `locale` of `initialize` (LSP 3.16), which Neovim does not send:
--- setup()'s `locale`, else Neovim's language of messages (`v:lang`, which
--- `:language messages` changes), else the first of $LC_ALL, $LC_MESSAGES,
--- $LANG that is set (a locale the system lacks leaves `v:lang` at `C`).
--- nil when none names a language: the server then answers in English.
---@return string?
function M.locale()
  local chosen = M.options.locale
  if chosen ~= nil and chosen ~= '' then
    return M.language_tag(chosen) or chosen
  end
  local from_neovim = M.language_tag(vim.v.lang)
  if from_neovim ~= nil then
    return from_neovim
  end
  for _, variable in ipairs({ 'LC_ALL', 'LC_MESSAGES', 'LANG' }) do
    local value = vim.env[variable]
    if value ~= nil and value ~= '' then
      return M.language_tag(value)
    end
  end
  return nil
end

--- Called by lsp/boardls.lua's before_init: the `locale` of `initialize`
--- (the setting `boardls.locale`, if the user set one, wins over it in the
--- server).
---@param params lsp.InitializeParams
function M.before_init(params)
  if params.locale == nil or (M.options.locale or '') ~= '' then
    params.locale = M.locale()
  end
end

--- Called by lsp/boardls.lua's on_attach: inlay hints on (unless setup()
--- said no), then setup()'s own on_attach.
---@param client vim.lsp.Client
---@param bufnr integer
function M.attach(client, bufnr)
  if M.options.inlay_hints and client:supports_method('textDocument/inlayHint') then
    vim.lsp.inlay_hint.enable(true, { bufnr = bufnr })
  end
  if M.options.on_attach ~= nil then
    M.options.on_attach(client, bufnr)
  end
end

--- Pulls the diagnostics of every buffer the client is attached to again
--- (the server's workspace/diagnostic/refresh).
---@param client_id integer
function M.pull_diagnostics(client_id)
  local client = vim.lsp.get_client_by_id(client_id)
  if client == nil then
    return
  end
  for bufnr in pairs(client.attached_buffers) do
    if vim.api.nvim_buf_is_loaded(bufnr) then
      client:request('textDocument/diagnostic', {
        textDocument = vim.lsp.util.make_text_document_params(bufnr),
      }, nil, bufnr)
    end
  end
end

--- Changes the defaults of lsp/boardls.lua with vim.lsp.config(); it
--- neither starts nor enables anything (`vim.lsp.enable('boardls')` does).
---@param opts? table
function M.setup(opts)
  opts = vim.tbl_deep_extend('force', vim.deepcopy(defaults), opts or {})
  M.options = opts

  if vim.fn.has('nvim-0.11') ~= 1 then
    vim.notify('boardls: Neovim 0.11 or newer is needed', vim.log.levels.ERROR)
    return
  end

  local config = {}
  -- The boardls executable, for the forwarder `boardls lsp --connect`.
  local boardls = type(opts.cmd) == 'table' and opts.cmd[1] or opts.cmd or M.server()
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

  if type(config.cmd) == 'table' and vim.fn.executable(config.cmd[1]) ~= 1 then
    vim.notify(
      ('boardls: the server "%s" is not executable; see :checkhealth boardls'):format(config.cmd[1]),
      vim.log.levels.WARN
    )
  end

  if next(config) ~= nil then
    vim.lsp.config('boardls', config)
  end
end

return M
