-- :checkhealth boardls — the configuration, the server binary, its
-- version, and whether it starts: an initialize/shutdown/exit round trip
-- with the command the client would run.

local M = {}

local health = vim.health
local TIMEOUT = 5000

--- One JSON-RPC message as the base protocol frames it.
local function frame(message)
  local body = vim.json.encode(message)
  return ('Content-Length: %d\r\n\r\n%s'):format(#body, body)
end

--- The complete messages at the start of `buffer`, decoded.
local function messages(buffer)
  local found, at = {}, 1
  while true do
    local header_end, body_start, length = buffer:find('Content%-Length: (%d+)\r\n\r\n', at)
    if header_end == nil then
      return found
    end
    length = tonumber(length)
    if #buffer < body_start + length then
      return found
    end
    local ok, decoded = pcall(vim.json.decode, buffer:sub(body_start + 1, body_start + length))
    if ok then
      table.insert(found, decoded)
    end
    at = body_start + length + 1
  end
end

--- Starts `cmd`, sends initialize, shutdown and exit. Returns nil and what
--- went wrong, or a description of the round trip.
---@param cmd string[]
---@return string?, string?
local function round_trip(cmd)
  local out = {}
  local err = {}
  local exited
  local started, proc = pcall(vim.system, cmd, {
    stdin = true,
    stdout = function(_, data)
      table.insert(out, data or '')
    end,
    stderr = function(_, data)
      table.insert(err, data or '')
    end,
  }, function(done)
    exited = done
  end)
  if not started then
    return nil, tostring(proc)
  end
  local function answer(id)
    local found
    vim.wait(TIMEOUT, function()
      for _, message in ipairs(messages(table.concat(out))) do
        if message.id == id and message.method == nil then
          found = message
          return true
        end
      end
      return exited ~= nil
    end, 10)
    return found
  end
  local function ended()
    return ('it exited with status %d before answering; stderr: %s'):format(exited.code, vim.trim(table.concat(err)))
  end
  local t0 = vim.uv.hrtime()
  proc:write(frame({
    jsonrpc = '2.0',
    id = 1,
    method = 'initialize',
    params = { processId = vim.NIL, rootUri = vim.NIL, capabilities = vim.empty_dict() },
  }))
  local init = answer(1)
  local ms = (vim.uv.hrtime() - t0) / 1e6
  if init == nil or init.result == nil then
    if exited ~= nil then
      return nil, ended()
    end
    proc:kill(15)
    return nil, init == nil and ('no answer to initialize within %d ms'):format(TIMEOUT)
      or ('initialize failed: %s'):format(vim.inspect(init.error))
  end
  proc:write(frame({ jsonrpc = '2.0', id = 2, method = 'shutdown' }))
  local shutdown = answer(2)
  proc:write(frame({ jsonrpc = '2.0', method = 'exit' }))
  proc:write(nil)
  local done = proc:wait(TIMEOUT)
  if shutdown == nil then
    return nil, exited ~= nil and ended() or 'no answer to shutdown'
  end
  if done.code ~= 0 then
    return nil, ('exit status %s after shutdown and exit; stderr: %s'):format(tostring(done.code), table.concat(err))
  end
  local info = init.result.serverInfo or {}
  return ('initialize answered in %.0f ms (%s %s), shutdown and exit with status 0'):format(
    ms, tostring(info.name or '?'), tostring(info.version or '?')), nil
end

local function check_filetypes()
  for _, ft in ipairs(require('boardls').filetypes) do
    local found = vim.filetype.match({ filename = 'board.' .. ft })
    if found ~= ft then
      health.error(('`.%s` files get the filetype %s, not %s'):format(ft, vim.inspect(found), ft),
        'Put the plugin on the runtimepath before startup (plugin/boardls.lua registers the filetypes).')
      return
    end
  end
  health.ok('filetypes: .uttt → uttt, .go9 → go9, .tomek → tomek')
end

function M.check()
  health.start('boardls: Neovim and the plugin')
  if vim.fn.has('nvim-0.11') == 1 then
    health.ok(('Neovim %s'):format(tostring(vim.version())))
  else
    health.error('Neovim 0.11 or newer is needed (vim.lsp.config, vim.lsp.enable)')
    return
  end
  check_filetypes()
  local files = vim.api.nvim_get_runtime_file('lsp/boardls.lua', true)
  if #files == 0 then
    health.error("lsp/boardls.lua is not on 'runtimepath'", 'Add the plugin (the editors/nvim folder) to the runtimepath.')
    return
  end
  health.ok('configuration: ' .. files[1])
  if vim.lsp.is_enabled('boardls') then
    health.ok("enabled: vim.lsp.enable('boardls') was called")
  else
    health.warn("not enabled: nothing starts the server in board files", "Add vim.lsp.enable('boardls') to your init.lua.")
  end
  -- The language of the server's messages.
  local setting = (((vim.lsp.config.boardls or {}).settings or {}).boardls or {}).locale
  local locale = require('boardls').locale()
  if setting ~= nil and setting ~= '' then
    health.info(("language: '%s', the setting boardls.locale"):format(setting))
  elseif locale ~= nil then
    health.info(("language: '%s', sent in initialize"):format(locale))
  else
    health.info('language: none found, so English (setup({ locale = ... }) chooses one)')
  end

  health.start('boardls: the server')
  local config = vim.lsp.config.boardls or {}
  local cmd = config.cmd
  if type(cmd) == 'function' then
    health.info('cmd is a function (a connection to a running daemon, such as setup({ address = ... })): '
      .. 'no binary to check here')
    return
  end
  if type(cmd) ~= 'table' or type(cmd[1]) ~= 'string' then
    health.error('cmd is ' .. vim.inspect(cmd), "Set it with vim.lsp.config('boardls', { cmd = { '/path/to/boardls', 'lsp' } }).")
    return
  end
  local exe = vim.fn.exepath(cmd[1])
  if exe == '' then
    health.error(('the server binary "%s" is not found or not executable'):format(cmd[1]), {
      'Put boardls on PATH (cargo install --path . in the boardls repository, or the binary from dist/boardls-*.tar.gz),',
      "or name it: vim.lsp.config('boardls', { cmd = { '/path/to/boardls', 'lsp' } })",
    })
    return
  end
  health.ok(('binary: %s (cmd = %s)'):format(exe, table.concat(cmd, ' ')))
  local ok, version = pcall(function()
    return vim.system({ exe, '--version' }, { text = true }):wait(TIMEOUT)
  end)
  if ok and version.code == 0 then
    health.ok('version: ' .. (vim.split(vim.trim(version.stdout or ''), '\n')[1] or ''))
  else
    health.error(('`%s --version` failed: %s'):format(exe, ok and vim.trim((version.stderr or '') .. ' status ' .. tostring(version.code)) or tostring(version)))
  end
  local started, problem = round_trip(vim.list_extend({ exe }, vim.list_slice(cmd, 2)))
  if started then
    health.ok('the server starts: ' .. started)
  else
    health.error('the server does not start: ' .. problem, 'Run `' .. table.concat(cmd, ' ') .. '` in a terminal to see why.')
  end
end

return M
