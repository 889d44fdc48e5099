-- End-to-end test of the Neovim plugin in editors/nvim against the real
-- boardls server, in a real headless Neovim. The user config is
-- nvim_init.lua: the plugin on 'runtimepath' and `vim.lsp.enable('boardls')`,
-- nothing else; this file runs after it and takes the steps.
--
--   PATH=/dir/with/boardls:$PATH BOARDLS=/dir/with/boardls/boardls \
--     nvim --headless -i NONE -u tests/editors/nvim_init.lua -c 'luafile tests/editors/nvim_e2e.lua'
--
-- The steps are in tests/editors/scenario.json, shared with the VS Code test.
-- Prints one line per step and a closing `N passed, N failed`; exits 1 on
-- any failure, and when a run took another number of checks than
-- EXPECTED_CHECKS says.

-- How many checks each run takes: the whole test, the second Neovim on
-- the shared daemon (its result is one check of the whole) and the one in
-- Chinese (its checks count in the whole too). Fewer (a step list renamed
-- in scenario.json, a step left out) fails the run; a check added raises
-- its count here.
local EXPECTED_CHECKS = { main = 179, peer = 8, chinese = 4 }

local here = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h')
local repo = vim.fn.fnamemodify(here, ':h:h')
local plugin = repo .. '/editors/nvim'

vim.opt.swapfile = false
vim.opt.shadafile = 'NONE'

-- The binary the test expects the plugin to find on PATH (and starts the
-- daemon from).
local server = vim.env.BOARDLS
if server == nil or server == '' then
  server = repo .. '/target/release/boardls'
end

local TIMEOUT = tonumber(vim.env.BOARDLS_E2E_TIMEOUT or '') or 15000
local SEVERITY = { error = 1, warning = 2, information = 3, hint = 4 }
local SEVERITY_NAME = { 'error', 'warning', 'information', 'hint' }

local passed, failed = 0, 0
local out = io.stdout

local function say(line)
  out:write(line .. '\n')
  out:flush()
end

local function record(ok, what, detail)
  if ok then
    passed = passed + 1
    say(('ok %d - %s'):format(passed + failed, what))
  else
    failed = failed + 1
    say(('not ok %d - %s'):format(passed + failed, what))
    if detail and detail ~= '' then
      for l in tostring(detail):gmatch('[^\n]+') do
        say('    ' .. l)
      end
    end
  end
end

local function read_lines(path)
  local f = assert(io.open(path, 'rb'))
  local text = f:read('*a')
  f:close()
  local lines = vim.split(text, '\n', { plain = true })
  if lines[#lines] == '' then
    table.remove(lines)
  end
  return lines
end

local function rtrim(s)
  return (s:gsub('[ \t\r]+$', ''))
end

-- Work on a copy: the steps edit buffers, and the fixtures stay untouched.
local work = vim.fn.tempname() .. '-boardls-e2e'
vim.fn.mkdir(work, 'p')
vim.fn.system({ 'cp', '-R', here .. '/fixtures/.', work })
-- A root marker, so the workspace folder is the fixtures copy.
vim.fn.mkdir(work .. '/.git', 'p')

local state = { buf = nil, client = nil, file = nil }

-- The document version of the last diagnostics boardls gave each buffer
-- (pulled: the version the request was sent for; pushed: the version the
-- server tagged), so that a check waits for the current version's.
local diagnosed = {}
local function is_boardls(ctx)
  local client = vim.lsp.get_client_by_id(ctx.client_id)
  return client ~= nil and client.name == 'boardls'
end
local function track(method, note)
  local original = vim.lsp.handlers[method]
  vim.lsp.handlers[method] = function(err, result, ctx, config)
    if err == nil and result ~= nil and is_boardls(ctx) then
      note(result, ctx)
    end
    return original(err, result, ctx, config)
  end
end
track('textDocument/diagnostic', function(_, ctx)
  diagnosed[ctx.bufnr] = ctx.version
end)
local function buffer_of(uri)
  return vim.fn.bufnr(vim.uri_to_fname(uri))
end
track('textDocument/publishDiagnostics', function(params)
  local buf = buffer_of(params.uri)
  if buf > 0 and params.version ~= nil then
    diagnosed[buf] = params.version
  end
end)

-- The last version of each buffer that a didChange told boardls about.
local told = {}
vim.api.nvim_create_autocmd('LspNotify', {
  callback = function(args)
    local client = vim.lsp.get_client_by_id(args.data.client_id)
    if client ~= nil and client.name == 'boardls' and args.data.method == 'textDocument/didChange' then
      local document = args.data.params.textDocument
      told[buffer_of(document.uri)] = document.version
    end
  end,
})

local function boardls_diagnostics(buf)
  local result = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.source == 'boardls' then
      table.insert(result, d)
    end
  end
  table.sort(result, function(a, b)
    return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col)
  end)
  return result
end

local function describe_diagnostics(list)
  local lines = {}
  for _, d in ipairs(list) do
    table.insert(lines, ('%d:%d-%d %s %s: %s'):format(
      d.lnum, d.col, d.end_col or d.col, SEVERITY_NAME[d.severity] or '?', tostring(d.code or ''), d.message))
  end
  if #lines == 0 then
    return '(no diagnostics)'
  end
  return table.concat(lines, '\n')
end

local function all_diagnostics_described(buf)
  local others = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.source ~= 'boardls' then
      table.insert(others, ('%d:%d source=%s: %s'):format(d.lnum, d.col, tostring(d.source), d.message))
    end
  end
  if #others == 0 then
    return ''
  end
  return '\nwithout source "boardls":\n' .. table.concat(others, '\n')
end

local function diagnostics_match(step, list)
  local count = { 0, 0, 0, 0 }
  for _, d in ipairs(list) do
    count[d.severity] = (count[d.severity] or 0) + 1
  end
  if step.count ~= nil and #list ~= step.count then
    return false
  end
  if step.errors ~= nil and count[1] ~= step.errors then
    return false
  end
  if step.warnings ~= nil and count[2] ~= step.warnings then
    return false
  end
  if step.information ~= nil and count[3] ~= step.information then
    return false
  end
  for _, want in ipairs(step.expect or {}) do
    local found = false
    for _, d in ipairs(list) do
      if d.lnum == want.line
        and (want.character == nil or d.col == want.character)
        and (want.end_character == nil or d.end_col == want.end_character)
        and (want.severity == nil or d.severity == SEVERITY[want.severity])
      then
        found = true
        break
      end
    end
    if not found then
      return false
    end
  end
  return true
end

local function position_params(step)
  return {
    textDocument = { uri = vim.uri_from_bufnr(state.buf) },
    position = { line = step.line, character = step.character },
  }
end

-- One request to boardls and its result, waiting at most timeout ms.
local function request(method, params, timeout)
  timeout = timeout or TIMEOUT
  local client = state.client
  if client == nil then
    return nil, 'no boardls client attached'
  end
  local response
  local sent, id = client:request(method, params, function(err, result)
    response = { err = err, result = result }
  end, state.buf)
  if not sent then
    return nil, method .. ': the client is stopped'
  end
  if not vim.wait(timeout, function()
    return response ~= nil
  end, 10) then
    client:cancel_request(id)
    return nil, ('%s: no answer within %d ms'):format(method, timeout)
  end
  if response.err then
    return nil, ('%s: %s'):format(method, vim.inspect(response.err))
  end
  return response.result, nil
end

local function flatten_hover(contents)
  if contents == nil then
    return ''
  end
  if type(contents) == 'string' then
    return contents
  end
  if contents.value ~= nil then
    return contents.value
  end
  local parts = {}
  for _, c in ipairs(contents) do
    table.insert(parts, flatten_hover(c))
  end
  return table.concat(parts, '\n')
end

-- Whether some line of text passes the test.
local function has_line(text, test)
  for _, l in ipairs(vim.split(text, '\n', { plain = true })) do
    if test(l) then
      return true
    end
  end
  return false
end

local function hint_label(hint)
  if type(hint.label) == 'string' then
    return hint.label
  end
  local parts = {}
  for _, part in ipairs(hint.label or {}) do
    table.insert(parts, part.value or '')
  end
  return table.concat(parts)
end

local function buffer_lines_match(start, expected)
  local lines = vim.api.nvim_buf_get_lines(state.buf, start, start + #expected, false)
  if #lines ~= #expected then
    return false, lines
  end
  for i, want in ipairs(expected) do
    if rtrim(lines[i]) ~= rtrim(want) then
      return false, lines
    end
  end
  return true, lines
end

local steps = {}
local health

function steps.open(step)
  state.file = step.file
  vim.cmd.edit(vim.fn.fnameescape(work .. '/' .. step.file))
  state.buf = vim.api.nvim_get_current_buf()
  record(vim.bo[state.buf].filetype == step.filetype,
    ('%s: filetype is %s'):format(step.file, step.filetype), 'filetype: ' .. vim.bo[state.buf].filetype)
  local attached = vim.wait(TIMEOUT, function()
    local clients = vim.lsp.get_clients({ bufnr = state.buf, name = 'boardls' })
    return #clients > 0 and clients[1].initialized == true
  end, 20)
  state.client = vim.lsp.get_clients({ bufnr = state.buf, name = 'boardls' })[1]
  record(attached, ('%s: boardls attached'):format(step.file), 'no boardls client for the buffer; server: ' .. server)
end

-- Waits for boardls's diagnostics of the buffer's current version (an
-- empty list proves nothing before they came), then compares.
function steps.diagnostics(step)
  local current
  local ok = vim.wait(TIMEOUT, function()
    current = vim.lsp.util.buf_versions[state.buf]
    return diagnosed[state.buf] == current and diagnostics_match(step, boardls_diagnostics(state.buf))
  end, 20)
  local came = diagnosed[state.buf] == current and ('diagnostics of version %s came'):format(current)
    or ('no diagnostics of version %s came within %d ms (last: version %s)'):format(
      tostring(current), TIMEOUT, tostring(diagnosed[state.buf]))
  record(ok, ('%s: diagnostics: %s'):format(state.file, step.what or ''),
    'expected ' .. vim.json.encode({ count = step.count, errors = step.errors, warnings = step.warnings,
      information = step.information, expect = step.expect })
      .. '\n' .. came .. '; shown:\n' .. describe_diagnostics(boardls_diagnostics(state.buf))
      .. all_diagnostics_described(state.buf))
end

-- The hover text has a line that is exactly step.has_line.
function steps.hover(step)
  local result, err = request('textDocument/hover', position_params(step))
  local text = result and flatten_hover(result.contents) or ''
  local found = has_line(text, function(l) return rtrim(l) == step.has_line end)
  record(err == nil and found,
    ('%s: hover at %d:%d has the line %s'):format(state.file, step.line, step.character, step.has_line),
    err or ('expected a line: %s\nhover text:\n%s'):format(step.has_line, text ~= '' and text or '(none)'))
end

-- The hover's picture, as Neovim gets it: the text board (a line that is
-- exactly step.text_line) and no image link, which Neovim would show as
-- its alt text only.
function steps.hover_picture(step)
  local result, err = request('textDocument/hover', position_params(step))
  local text = result and flatten_hover(result.contents) or ''
  local found = has_line(text, function(l) return l == step.text_line end)
  local image = text:find('data:image', 1, true) ~= nil or text:find('![', 1, true) ~= nil
  record(err == nil and found and not image and text:find('```text', 1, true) ~= nil,
    ('%s: hover at %d:%d has a text board: %s'):format(state.file, step.line, step.character, step.what or ''),
    err or ('expected the line: %s\nimage link: %s\nhover text:\n%s'):format(step.text_line, tostring(image),
      text ~= '' and text or '(none)'))
end

-- window/showMessage from boardls, newest last.
local shown = {}
local show_message = vim.lsp.handlers['window/showMessage']
vim.lsp.handlers['window/showMessage'] = function(err, result, ctx, config)
  if result ~= nil and is_boardls(ctx) then
    table.insert(shown, result.message)
  end
  return show_message(err, result, ctx, config)
end

-- Formats the buffer as :lua vim.lsp.buf.format() does; then the buffer is
-- step.lines, or with step.unchanged what it was, and the server said why.
function steps.format(step)
  local before = vim.api.nvim_buf_get_lines(state.buf, 0, -1, false)
  local messages = #shown
  local ok, err = pcall(vim.lsp.buf.format, { bufnr = state.buf, name = 'boardls', timeout_ms = TIMEOUT })
  local expected = step.unchanged and before or step.lines
  local lines
  local same = vim.wait(TIMEOUT, function()
    lines = vim.api.nvim_buf_get_lines(state.buf, 0, -1, false)
    return vim.deep_equal(lines, expected)
  end, 20)
  local told = not step.unchanged or vim.wait(TIMEOUT, function()
    return #shown > messages and shown[#shown]:find('was not formatted', 1, true) ~= nil
  end, 20)
  record(ok and same and told, ('%s: format: %s'):format(state.file, step.what or ''),
    (ok and '' or ('format raised: ' .. tostring(err) .. '\n'))
      .. (told and '' or 'no window/showMessage saying why\n')
      .. 'expected:\n' .. table.concat(expected, '\n') .. '\ngot:\n' .. table.concat(lines or {}, '\n'))
end

-- The buffer's inlay hints ({ line, label, shown }), or nil and an error.
local function inlay_hints(timeout)
  local last = vim.api.nvim_buf_line_count(state.buf)
  local result, err = request('textDocument/inlayHint', {
    textDocument = { uri = vim.uri_from_bufnr(state.buf) },
    range = { start = { line = 0, character = 0 }, ['end'] = { line = last, character = 0 } },
  }, timeout)
  if err then
    return nil, err
  end
  local hints = {}
  for _, hint in ipairs(result or {}) do
    table.insert(hints, { line = hint.position.line, label = hint_label(hint),
      shown = ('%d:%d %s'):format(hint.position.line, hint.position.character, hint_label(hint)) })
  end
  return hints, nil
end

local function describe_hints(hints)
  local lines = {}
  for _, hint in ipairs(hints or {}) do
    table.insert(lines, hint.shown)
  end
  return #lines > 0 and table.concat(lines, '\n') or '(none)'
end

local function now_ms()
  return vim.uv.hrtime() / 1e6
end

-- Asks for the inlay hints until test(hints) is true or TIMEOUT ms have
-- passed. Returns whether it was, the last hints received, and what went
-- wrong when none were. Each request waits at most for the time left, and
-- the pause between them is a plain vim.wait: never a vim.wait whose
-- callback waits again (request_sync in its callback outlived both
-- timeouts by minutes).
local function poll_hints(test)
  local deadline = now_ms() + TIMEOUT
  local last, err
  repeat
    local hints
    hints, err = inlay_hints(math.max(deadline - now_ms(), 1))
    last = hints or last
    if hints ~= nil and test(hints) then
      return true, hints, ''
    end
    vim.wait(50)
  until now_ms() >= deadline
  return false, last, last == nil and (err .. '\n') or ''
end

-- A hint on step.line whose whole label is step.equals (waits: after a
-- settings change the hint may take a moment to come back).
function steps.inlay(step)
  local ok, hints, problem = poll_hints(function(hints)
    for _, hint in ipairs(hints) do
      if hint.line == step.line and hint.label == step.equals then
        return true
      end
    end
    return false
  end)
  local on_line, others = {}, 0
  for _, hint in ipairs(hints or {}) do
    if hint.line == step.line then
      table.insert(on_line, hint)
    else
      others = others + 1
    end
  end
  record(ok, ('%s: inlay hint on line %d is "%s"'):format(state.file, step.line, step.equals),
    ('expected on line %d: %s\n'):format(step.line, step.equals) .. problem
      .. ('hints on line %d (%d more on other lines):\n'):format(step.line, others) .. describe_hints(on_line))
end

-- Changes one server setting as a user would: in the client's settings
-- (which answer workspace/configuration), then
-- workspace/didChangeConfiguration. Passes once the server took it: an
-- inlayHints.* setting when the server's inlay hints differ from before, a
-- diagnostics.* setting when the buffer's boardls diagnostics do.
function steps.setting(step)
  local what = ('%s: setting boardls.%s = %s'):format(state.file, step.key, vim.inspect(step.value))
  local hints = vim.startswith(step.key, 'inlayHints.')
  if not hints and not vim.startswith(step.key, 'diagnostics.') then
    record(false, what, 'the setting step can only see boardls.inlayHints.* and boardls.diagnostics.* take effect')
    return
  end
  local before, err
  if hints then
    before, err = inlay_hints()
    if err then
      record(false, what, 'before the change: ' .. err)
      return
    end
  end
  local shown_before = describe_diagnostics(boardls_diagnostics(state.buf))
  local client = state.client
  local settings = vim.deepcopy(client.settings or {})
  local node = settings
  local path = vim.list_extend({ 'boardls' }, vim.split(step.key, '.', { plain = true }))
  for i = 1, #path - 1 do
    node[path[i]] = type(node[path[i]]) == 'table' and node[path[i]] or {}
    node = node[path[i]]
  end
  node[path[#path]] = step.value
  client.settings = settings
  if not client:notify('workspace/didChangeConfiguration', { settings = settings }) then
    record(false, what, 'the client is stopped')
    return
  end
  if hints then
    local changed, after, problem = poll_hints(function(now)
      return describe_hints(now) ~= describe_hints(before)
    end)
    record(changed, what, ('the inlay hints did not change within %d ms\n%sbefore:\n%s\nafter:\n%s'):format(
      TIMEOUT, problem, describe_hints(before), describe_hints(after)))
    return
  end
  local shown_after
  local changed = vim.wait(TIMEOUT, function()
    shown_after = describe_diagnostics(boardls_diagnostics(state.buf))
    return shown_after ~= shown_before
  end, 20)
  record(changed, what, ('the diagnostics did not change within %d ms\nbefore:\n%s\nafter:\n%s'):format(
    TIMEOUT, shown_before, shown_after))
end

-- No inlay hint says step.contains while one says step.still (waits for a
-- settings change to land); no hints at all is a failure.
function steps.no_inlay(step)
  local ok, hints, problem = poll_hints(function(hints)
    local still = false
    for _, hint in ipairs(hints) do
      if hint.label:find(step.contains, 1, true) then
        return false
      end
      still = still or hint.label:find(step.still, 1, true) ~= nil
    end
    return still
  end)
  record(ok, ('%s: %s'):format(state.file, step.what or ('no inlay hint says "' .. step.contains .. '"')),
    ('expected no hint containing: %s, and one containing: %s\n'):format(step.contains, step.still)
      .. problem .. 'hints:\n' .. describe_hints(hints))
end

-- The version of each buffer whose semantic tokens a tokens step saw.
local tokens_seen = {}

local function tokens_at(line, character)
  local types = {}
  for _, token in ipairs(vim.lsp.semantic_tokens.get_at_pos(state.buf, line, character) or {}) do
    if state.client ~= nil and token.client_id == state.client.id then
      table.insert(types, token.type)
    end
  end
  return types
end

-- The semantic token Neovim shows on the cell at step.line, step.character
-- is exactly one, of type step.type, and its group
-- @lsp.type.<type>.<filetype> links to a standard group (the plugin's
-- default), one with a background when step.background is true. With
-- type null: no token there, checked on the tokens an earlier step of the
-- same buffer version saw arrive.
function steps.tokens(step)
  local none = step.type == nil or step.type == vim.NIL
  local what = ('%s: semantic token at %d:%d is %s'):format(state.file, step.line, step.character,
    none and 'none' or step.type)
  local version = vim.lsp.util.buf_versions[state.buf]
  if none then
    if tokens_seen[state.buf] ~= version then
      record(false, what, ('no earlier tokens step saw the tokens of version %s'):format(tostring(version)))
      return
    end
    local types = tokens_at(step.line, step.character)
    record(#types == 0, what, 'tokens there: ' .. table.concat(types, ', '))
    return
  end
  local types
  local ok = vim.wait(TIMEOUT, function()
    types = tokens_at(step.line, step.character)
    return #types == 1 and types[1] == step.type
  end, 20)
  if ok then
    tokens_seen[state.buf] = version
  end
  local group = ('@lsp.type.%s.%s'):format(step.type, vim.bo[state.buf].filetype)
  local link = vim.api.nvim_get_hl(0, { name = group }).link
  local linked = link ~= nil and vim.fn.hlexists(link) == 1
  -- A cell that must show a background: the group, its links followed,
  -- has one in the colour scheme Neovim starts with.
  local resolved = vim.api.nvim_get_hl(0, { name = group, link = false })
  local background = not step.background or resolved.bg ~= nil
  record(ok and linked and background, what,
    ('tokens there: %s\n%s links to %s, drawn as %s'):format(table.concat(types or {}, ', '), group,
      tostring(link), vim.inspect(resolved)))
end

function steps.action(step)
  local what = ('%s: code action "%s" at %d:%d'):format(state.file, step.title or step.title_prefix or step.kind, step.line, step.character)
  local context_diagnostics = {}
  for _, d in ipairs(boardls_diagnostics(state.buf)) do
    if d.lnum == step.line and d.user_data and d.user_data.lsp then
      table.insert(context_diagnostics, d.user_data.lsp)
    end
  end
  local pos = { line = step.line, character = step.character }
  local result, err = request('textDocument/codeAction', {
    textDocument = { uri = vim.uri_from_bufnr(state.buf) },
    range = { start = pos, ['end'] = pos },
    context = { diagnostics = context_diagnostics, triggerKind = 1 },
  })
  if err then
    record(false, what, err)
    return
  end
  local chosen, titles = nil, {}
  for _, action in ipairs(result or {}) do
    table.insert(titles, ('%s [%s]'):format(action.title, tostring(action.kind)))
    if chosen == nil then
      if step.title and action.title == step.title then
        chosen = action
      elseif step.title_prefix and vim.startswith(action.title, step.title_prefix) then
        chosen = action
      elseif step.kind and type(action.kind) == 'string' and vim.startswith(action.kind, step.kind) then
        chosen = action
      end
    end
  end
  if chosen == nil then
    record(false, what, 'offered:\n' .. (#titles > 0 and table.concat(titles, '\n') or '(none)'))
    return
  end
  if chosen.edit == nil and chosen.command == nil and chosen.data ~= nil then
    local resolved, rerr = request('codeAction/resolve', chosen)
    if rerr then
      record(false, what, rerr)
      return
    end
    chosen = resolved or chosen
  end
  if chosen.edit then
    vim.lsp.util.apply_workspace_edit(chosen.edit, state.client.offset_encoding)
  end
  local command = chosen.command
  if type(chosen.command) == 'string' then
    command = chosen
  end
  if command then
    state.client:exec_cmd(command, { bufnr = state.buf })
  end
  record(chosen.edit ~= nil or command ~= nil, what, 'the action has neither an edit nor a command')
end

function steps.symbols(step)
  local result, err = request('textDocument/documentSymbol', { textDocument = { uri = vim.uri_from_bufnr(state.buf) } })
  local names = {}
  for _, symbol in ipairs(result or {}) do
    table.insert(names, symbol.name)
  end
  local ok = err == nil and #names == #step.names
  for i, want in ipairs(step.names) do
    ok = ok and names[i] == want
  end
  record(ok, ('%s: %d document symbols named with their verdicts'):format(state.file, #step.names),
    err or ('expected:\n' .. table.concat(step.names, '\n') .. '\nsymbols:\n'
      .. (#names > 0 and table.concat(names, '\n') or '(none)')))
end

function steps.folds(step)
  local result, err = request('textDocument/foldingRange', { textDocument = { uri = vim.uri_from_bufnr(state.buf) } })
  local got, ok = {}, err == nil
  for _, range in ipairs(result or {}) do
    got[#got + 1] = ('%d-%d'):format(range.startLine, range.endLine)
  end
  -- Exactly the ranges of the step, no more.
  local wanted = {}
  for _, want in ipairs(step.ranges) do
    wanted[#wanted + 1] = ('%d-%d'):format(want[1], want[2])
  end
  table.sort(got)
  table.sort(wanted)
  ok = ok and vim.deep_equal(got, wanted)
  record(ok, ('%s: one folding range per position'):format(state.file),
    err or ('expected: ' .. table.concat(wanted, ', ') .. '\nfolding ranges: '
      .. (#got > 0 and table.concat(got, ', ') or '(none)')))
end

function steps.cell(step)
  local got
  local ok = vim.wait(TIMEOUT, function()
    local line = vim.api.nvim_buf_get_lines(state.buf, step.line, step.line + 1, false)[1] or ''
    got = line:sub(step.character + 1, step.character + 1)
    return got == step.equals
  end, 20)
  record(ok, ('%s: cell %d:%d is %s'):format(state.file, step.line, step.character, step.equals), 'got: ' .. tostring(got))
end

-- Makes the edit, then checks the line reads step.line_after and that a
-- didChange of the new version went to boardls.
function steps.edit(step)
  vim.api.nvim_buf_set_text(state.buf, step.line, step.character, step.line, step.end_character, { step.text })
  local version = vim.lsp.util.buf_versions[state.buf]
  local line = vim.api.nvim_buf_get_lines(state.buf, step.line, step.line + 1, false)[1]
  local sent = vim.wait(TIMEOUT, function()
    return told[state.buf] == version
  end, 20)
  record(line == step.line_after and sent, ('%s: edit: %s'):format(state.file, step.what or step.text),
    (line == step.line_after and ('line %d reads %s\n'):format(step.line, vim.inspect(line))
      or ('line %d: expected %s, got %s\n'):format(step.line, vim.inspect(step.line_after), vim.inspect(line)))
      .. (sent and ('boardls was told of version %d'):format(version)
        or ('no didChange of version %d went to boardls within %d ms (last: version %s)'):format(
          version, TIMEOUT, tostring(told[state.buf]))))
end

function steps.text(step)
  local expected = step.lines or read_lines(work .. '/' .. step.file)
  local lines
  local ok = vim.wait(TIMEOUT, function()
    local match
    match, lines = buffer_lines_match(step.start, expected)
    return match
  end, 20)
  record(ok, ('%s: text: %s'):format(state.file, step.what or ''),
    'expected from line ' .. step.start .. ':\n' .. table.concat(expected, '\n') .. '\ngot:\n' .. table.concat(lines or {}, '\n'))
end

-- What a user sees: Neovim in a terminal (tmux) with the plugin and the
-- server, inlay hints on, shows every line of a board file exactly as in
-- the file up to its end; hints come only after it. Compares a capture of
-- the pane, once the hints are on screen, with the file, and the lines of
-- scenario.json's `rendered` (the file's text and its hint) with exactly
-- what the screen shows.
local function unshifted(file, rendered)
  local wanted = vim.tbl_filter(function(r)
    return r.file == file
  end, rendered)
  local what = ('%s in a terminal: every line reads as in the file, hints after it, %d lines exactly as drawn')
    :format(file, #wanted)
  if vim.fn.executable('tmux') ~= 1 then
    record(false, what, 'tmux is not installed (tests/editors/install.sh installs it)')
    return
  end
  local dir = vim.fn.tempname() .. '-tmux'
  vim.fn.mkdir(dir, 'p')
  local init = dir .. '/init.lua'
  local f = assert(io.open(init, 'wb'))
  f:write(([[
vim.opt.runtimepath:prepend(%q)
vim.opt.swapfile = false
vim.o.signcolumn = 'no'
vim.lsp.config('boardls', { cmd = { %q, 'lsp' } })
vim.lsp.enable('boardls')
]]):format(plugin, server))
  f:close()
  -- A tmux server of its own for each file: nothing shared with others.
  local socket = ('boardls-e2e-%d-%s'):format(vim.fn.getpid(), file:gsub('%W', '-'))
  local lines = read_lines(here .. '/fixtures/' .. file)
  local command = ('XDG_STATE_HOME=%s XDG_CONFIG_HOME=%s XDG_DATA_HOME=%s %s -i NONE -u %s %s'):format(
    vim.fn.shellescape(dir), vim.fn.shellescape(dir), vim.fn.shellescape(dir), vim.fn.shellescape(vim.v.progpath),
    vim.fn.shellescape(init), vim.fn.shellescape(here .. '/fixtures/' .. file))
  local started = vim.system({ 'tmux', '-L', socket, 'new-session', '-d', '-x', '110', '-y', tostring(#lines + 5),
    command }):wait()
  if started.code ~= 0 then
    record(false, what, 'tmux new-session: ' .. (started.stderr or ''))
    return
  end
  local screen = {}
  local function capture()
    local out = vim.system({ 'tmux', '-L', socket, 'capture-pane', '-p' }):wait()
    screen = vim.split(out.stdout or '', '\n', { plain = true })
    for _, want in ipairs(wanted) do
      if (screen[want.line + 1] or ''):gsub('%s+$', '') ~= want.text then
        return false
      end
    end
    return true
  end
  local shown = vim.wait(TIMEOUT, capture, 200)
  vim.system({ 'tmux', '-L', socket, 'kill-server' }):wait()
  vim.fn.delete(dir, 'rf')
  local wrong = {}
  for i, line in ipairs(lines) do
    local seen = screen[i] or ''
    local rest = seen:sub(#line + 1)
    if seen:sub(1, #line) ~= line or not (rest == '' or rest:sub(1, 1) == ' ') then
      table.insert(wrong, ('line %d: file %q, screen %q'):format(i - 1, line, seen))
    end
  end
  local expected = {}
  for _, want in ipairs(wanted) do
    table.insert(expected, ('line %d: %s'):format(want.line, want.text))
  end
  record(shown and #wrong == 0, what,
    (shown and '' or ('the screen never showed all of:\n' .. table.concat(expected, '\n') .. '\n'))
      .. table.concat(wrong, '\n') .. '\nscreen:\n' .. table.concat(screen, '\n'))
end

-- Takes the steps in order, each only with a running client (without one
-- every check would only wait out its timeout).
local function take(list)
  for _, step in ipairs(list) do
    local handler = steps[step.op]
    if handler == nil then
      record(false, 'unknown step ' .. tostring(step.op))
    else
      local ok, err = true, nil
      if step.op ~= 'open' and (state.client == nil or state.client:is_stopped()) then
        record(false, ('%s: %s %s'):format(tostring(state.file), step.op,
          step.what or step.title or step.has_line or step.equals or step.contains or ''),
          'no running boardls client for this buffer')
      else
        ok, err = pcall(handler, step)
      end
      if not ok then
        record(false, ('%s: step %s raised an error'):format(tostring(state.file), step.op), err)
      end
    end
  end
end

-- The problem folder (fixtures/problem): its boardls.toml maps
-- tests/*.in to tomek, and the plugin needs no configuration for it. The
-- client's root is the folder of boardls.toml, so the server reads the
-- file's settings, and no setting of the plugin's hides them: the file
-- turns inlay hints off. Files no project maps get nothing.
local function problem_folder(scenario)
  take(scenario.problem_steps)
  local root = work .. '/problem'
  steps.open({ file = 'problem/tests/01.in', filetype = 'tomek' })
  record(state.client ~= nil and state.client.root_dir == root,
    'problem/tests/01.in: the client\'s root is the folder of boardls.toml',
    ('root: %s, expected %s'):format(tostring(state.client and state.client.root_dir), root))
  local hints, err = inlay_hints()
  local hover = request('textDocument/hover', position_params({ line = 12, character = 0 }))
  record(err == nil and hints ~= nil and #hints == 0 and hover ~= nil,
    'problem/tests/01.in: no inlay hints, as boardls.toml says (inlayHints.enable = false, no editor setting)',
    (err or '') .. '\nhints:\n' .. describe_hints(hints) .. '\nhover: ' .. vim.inspect(hover))
  -- An .in and an .out that no project file maps, and another TOML file.
  vim.fn.writefile({ '[package]' }, work .. '/problem/other.toml')
  for _, file in ipairs({ 'judge/tomek.in', 'judge/tomek.out', 'problem/other.toml' }) do
    vim.cmd.edit(vim.fn.fnameescape(work .. '/' .. file))
    local buf = vim.api.nvim_get_current_buf()
    vim.wait(500)
    local clients = vim.lsp.get_clients({ bufnr = buf, name = 'boardls' })
    record(#clients == 0 and vim.bo[buf].filetype ~= 'tomek' and vim.bo[buf].filetype ~= 'boardls_answer',
      ('%s: not mapped, no boardls client'):format(file),
      ('filetype %s, %d clients'):format(vim.bo[buf].filetype, #clients))
  end
end

-- Stops every boardls client and waits until they are gone.
local function stop_clients()
  for _, client in ipairs(vim.lsp.get_clients({ name = 'boardls' })) do
    client:stop(true)
  end
  vim.wait(TIMEOUT, function()
    return #vim.lsp.get_clients({ name = 'boardls' }) == 0
  end, 20)
end

-- Says how it went, stops the clients, removes the work folder and quits
-- (status 1 on any failure); `run` names the run, for its expected count.
local function finish(run)
  local taken = passed + failed
  if taken ~= EXPECTED_CHECKS[run] then
    record(false, ('the %s run took %d checks, EXPECTED_CHECKS says %d'):format(run, taken,
      EXPECTED_CHECKS[run]))
  end
  say(('%d passed, %d failed'):format(passed, failed))
  for _, client in ipairs(vim.lsp.get_clients({ name = 'boardls' })) do
    client:stop(true)
  end
  vim.fn.delete(work, 'rf')
  vim.cmd((failed == 0 and passed > 0) and 'qall!' or 'cquit 1')
end

-- setup({ address = ..., token_file = ... }): the plugin connects to a
-- server started with `boardls lsp --listen 127.0.0.1:0`, through the
-- forwarder that presents the server's token, instead of spawning one.
local function daemon()
  local log = {}
  local proc = vim.system({ server, 'lsp', '--listen', '127.0.0.1:0' }, {
    stderr = function(_, data)
      if data then
        table.insert(log, data)
      end
    end,
  })
  local function logged()
    return table.concat(log)
  end
  local port, token_file
  vim.wait(TIMEOUT, function()
    port = logged():match('listening on 127%.0%.0%.1:(%d+)')
    token_file = logged():match('token file (%S+)')
    return port ~= nil and token_file ~= nil
  end, 20)
  record(port ~= nil and token_file ~= nil,
    'the daemon listens (boardls lsp --listen 127.0.0.1:0) and names its token file', logged())
  if port == nil or token_file == nil then
    proc:kill(15)
    return
  end
  -- Stop the spawned server, then connect through setup({ address, token_file }).
  stop_clients()
  require('boardls').setup({ cmd = { server, 'lsp' }, address = '127.0.0.1:' .. port,
    token_file = token_file, inlay_hints = true })
  local forwarder = { server, 'lsp', '--connect', 'tcp://127.0.0.1:' .. port, '--token-file', token_file }
  record(vim.deep_equal(vim.lsp.config.boardls.cmd, forwarder),
    'setup({ address, token_file }) starts the forwarder that presents the token',
    vim.inspect(vim.lsp.config.boardls.cmd))
  vim.fn.system({ 'cp', work .. '/sample.tomek', work .. '/daemon.tomek' })
  steps.open({ file = 'daemon.tomek', filetype = 'tomek' })
  local started = vim.wait(TIMEOUT, function()
    return logged():find('session from 127.0.0.1:%d+ started') ~= nil
  end, 20)
  record(started, 'the client is a session of the daemon', logged())
  if state.client ~= nil then
    steps.hover({ line = 1, character = 0, has_line = '`Case #1: X won`' })
    steps.inlay({ line = 4, equals = '# Case #1: X won' })
    state.client:stop()
    local ended = vim.wait(TIMEOUT, function()
      return logged():find('session from 127.0.0.1:%d+ ended') ~= nil
    end, 20)
    record(ended, 'stopping the client ends its daemon session', logged())
  end
  proc:kill(15)
end

-- :checkhealth boardls reports the binary, its version and a server that
-- starts (an initialize/shutdown round trip).
function health()
  vim.cmd('silent checkhealth boardls')
  local report = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), '\n')
  vim.cmd('bwipeout!')
  local exe = vim.fn.exepath('boardls')
  for _, want in ipairs({
    'OK binary: ' .. exe,
    'OK version: boardls ',
    'OK the server starts: initialize answered in ',
  }) do
    record(report:find(want, 1, true) ~= nil, ':checkhealth boardls says ' .. want, report)
  end
  record(not report:find('ERROR', 1, true) and not report:find('WARNING', 1, true),
    ':checkhealth boardls has no error or warning', report)
  -- A server that is not there is an error.
  local cmd = vim.lsp.config.boardls.cmd
  vim.lsp.config('boardls', { cmd = { '/no/such/boardls', 'lsp' } })
  vim.cmd('silent checkhealth boardls')
  report = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), '\n')
  vim.cmd('bwipeout!')
  vim.lsp.config('boardls', { cmd = cmd })
  local want = 'ERROR the server binary "/no/such/boardls" is not found'
  record(report:find(want, 1, true) ~= nil, ':checkhealth boardls with a missing binary says ' .. want, report)
end

-- setup({ daemon = true }): two Neovims share one `boardls daemon`, both
-- through `boardls lsp --connect auto`, in a private XDG_RUNTIME_DIR. The
-- second is this file again, with BOARDLS_E2E_PEER set: it takes the same
-- steps (scenario.json's daemon_steps) on its own copy of the file, then
-- prints the daemon's status.
local function load_scenario()
  local f = assert(io.open(here .. '/scenario.json', 'rb'))
  local scenario = vim.json.decode(f:read('*a'))
  f:close()
  return scenario
end

-- Takes the daemon steps through the daemon's client, the file opened as
-- the copy `name`; returns the daemon's boardls/status, or nil.
local function shared_steps(name)
  stop_clients()
  require('boardls').setup({ cmd = { server, 'lsp' }, daemon = true, inlay_hints = true })
  record(vim.deep_equal(vim.lsp.config.boardls.cmd, { server, 'lsp', '--connect', 'auto' }),
    'setup({ daemon = true }) starts `boardls lsp --connect auto`', vim.inspect(vim.lsp.config.boardls.cmd))
  for _, step in ipairs(load_scenario().daemon_steps) do
    if step.op == 'open' then
      vim.fn.system({ 'cp', here .. '/fixtures/' .. step.file, work .. '/' .. name })
      steps.open({ file = name, filetype = step.filetype })
      if state.client == nil then
        return nil
      end
    else
      local ok, err = pcall(steps[step.op], step)
      if not ok then
        record(false, ('%s: step %s raised an error'):format(name, step.op), err)
      end
    end
  end
  local status, err = request('boardls/status', vim.NIL)
  record(err == nil and type(status) == 'table' and status.pid ~= nil,
    ('%s: boardls/status names the daemon'):format(name), vim.inspect(err or status))
  return status
end

local function shared_daemon()
  local run_dir = vim.fn.tempname() .. '-run'
  vim.fn.mkdir(run_dir, 'p', tonumber('700', 8))
  vim.env.XDG_RUNTIME_DIR = run_dir
  local mine = shared_steps('shared-1.tomek')
  if mine == nil then
    return
  end
  -- The second Neovim, while this one's session is open.
  -- Started as this one was: the user config, then this file.
  local peer = vim.system({ vim.v.progpath, '--headless', '-i', 'NONE', '-u', here .. '/nvim_init.lua',
    '-c', 'lua dofile(vim.env.BOARDLS_E2E)' }, {
    env = { BOARDLS_E2E_PEER = '1', XDG_RUNTIME_DIR = run_dir, BOARDLS = server,
      BOARDLS_E2E = here .. '/nvim_e2e.lua' },
    text = true,
  }):wait(4 * TIMEOUT + 30000)
  local output = (peer.stdout or '') .. (peer.stderr or '')
  local peer_passed, peer_failed = output:match('(%d+) passed, (%d+) failed')
  record(peer.code == 0 and tonumber(peer_failed) == 0 and (tonumber(peer_passed) or 0) > 0,
    'the second Neovim gets diagnostics, hover and a code action from the daemon', output)
  local peer_pid, peer_sessions = output:match('# daemon pid (%d+) sessions (%d+)')
  record(tonumber(peer_pid) == mine.pid and tonumber(peer_sessions) == 2,
    ('both Neovims are sessions of one daemon process (pid %s)'):format(tostring(mine.pid)),
    ('this one: %s; the second: pid %s, %s sessions'):format(vim.inspect(mine), tostring(peer_pid),
      tostring(peer_sessions)))
  local again = request('boardls/status', vim.NIL)
  record(type(again) == 'table' and again.pid == mine.pid and again.sessions == 1,
    'the daemon goes on serving this Neovim after the second quits', vim.inspect(again))
  if state.client ~= nil then
    state.client:stop(true)
  end
  vim.uv.kill(mine.pid, 15)
  vim.fn.delete(run_dir, 'rf')
end

-- The second Neovim of shared_daemon().
local function peer()
  local status = shared_steps('shared-2.tomek')
  if status ~= nil then
    say(('# daemon pid %s sessions %s'):format(tostring(status.pid), tostring(status.sessions)))
  end
  finish('peer')
end

-- Whether text has a Han character (U+4E00-U+9FFF).
local function has_han(text)
  for _, c in ipairs(vim.fn.str2list(text)) do
    if c >= 0x4E00 and c <= 0x9FFF then
      return true
    end
  end
  return false
end

-- The entries of words that begin a word of text, in any case.
local function words_in(text, words)
  local found = {}
  for _, word in ipairs(words) do
    if text:lower():find('%f[%a]' .. word) ~= nil then
      table.insert(found, word)
    end
  end
  return found
end

-- The second Neovim of in_chinese(): the user config alone and
-- LANG=zh_CN.UTF-8, which the plugin sends as initialize's locale.
-- scenario.json's chinese checks, on its own copy of the file.
local function chinese_session()
  local want = load_scenario().chinese
  local copy = 'zh-' .. want.file
  vim.fn.system({ 'cp', here .. '/fixtures/' .. want.file, work .. '/' .. copy })
  steps.open({ file = copy, filetype = want.filetype })
  if state.client ~= nil then
    local diagnostic
    vim.wait(TIMEOUT, function()
      if diagnosed[state.buf] ~= vim.lsp.util.buf_versions[state.buf] then
        return false
      end
      for _, d in ipairs(boardls_diagnostics(state.buf)) do
        if d.lnum == want.line and d.col == want.character then
          diagnostic = d
          return true
        end
      end
      return false
    end, 20)
    local message = diagnostic and diagnostic.message or ''
    local english = words_in(message, want.english_words)
    record(diagnostic ~= nil and diagnostic.code == want.code and has_han(message) and #english == 0,
      ('%s: the diagnostic at %d:%d is %s, its message in Chinese'):format(copy, want.line, want.character,
        want.code),
      ('locale sent: %s\nEnglish words: %s\nshown:\n%s'):format(tostring(require('boardls').locale()),
        table.concat(english, ' '), describe_diagnostics(boardls_diagnostics(state.buf))))
    local result, err = request('textDocument/hover', position_params(want))
    local text = result and flatten_hover(result.contents) or ''
    record(err == nil and has_han(text) and has_line(text, function(l) return rtrim(l) == want.hover_line end),
      ('%s: the hover at %d:%d is in Chinese, with the line %s'):format(copy, want.line, want.character,
        want.hover_line),
      err or ('hover text:\n%s'):format(text ~= '' and text or '(none)'))
  end
  finish('chinese')
end

-- One run in Simplified Chinese: a second Neovim, started as this one was
-- but with LANG=zh_CN.UTF-8 and no LC_ALL, LC_MESSAGES or LANGUAGE, takes
-- the chinese checks (chinese_session); its results count here.
local function in_chinese()
  local env = vim.fn.environ()
  env.LC_ALL, env.LC_MESSAGES, env.LANGUAGE = nil, nil, nil
  env.LANG = 'zh_CN.UTF-8'
  env.BOARDLS_E2E_CHINESE = '1'
  env.BOARDLS = server
  local child = vim.system({ vim.v.progpath, '--headless', '-i', 'NONE', '-u', here .. '/nvim_init.lua',
    '-c', 'lua dofile(vim.env.BOARDLS_E2E)' }, { env = env, clear_env = true, text = true })
    :wait(2 * TIMEOUT + 30000)
  local output = (child.stdout or '') .. (child.stderr or '')
  local lines = vim.split(output, '\n', { plain = true })
  local relayed = 0
  for i, line in ipairs(lines) do
    local good = line:match('^ok %d+ %- (.*)$')
    local bad = line:match('^not ok %d+ %- (.*)$')
    if good ~= nil then
      record(true, 'zh-CN: ' .. good)
      relayed = relayed + 1
    elseif bad ~= nil then
      local detail = {}
      for j = i + 1, #lines do
        if lines[j]:sub(1, 4) ~= '    ' then
          break
        end
        table.insert(detail, lines[j]:sub(5))
      end
      record(false, 'zh-CN: ' .. bad, table.concat(detail, '\n'))
      relayed = relayed + 1
    end
  end
  local p, f = output:match('(%d+) passed, (%d+) failed')
  record(p ~= nil and tonumber(p) + tonumber(f) == relayed and relayed > 0,
    'the Neovim with LANG=zh_CN.UTF-8 took its checks to the end', output)
end

local function run()
  if vim.env.BOARDLS_E2E_PEER == '1' then
    return peer()
  end
  if vim.env.BOARDLS_E2E_CHINESE == '1' then
    return chinese_session()
  end
  local scenario = load_scenario()

  say(('# Neovim %s, server %s'):format(tostring(vim.version()), server))
  record(vim.fn.executable(server) == 1, 'the server binary is executable', server)
  local config = vim.lsp.config.boardls or {}
  record(vim.deep_equal(config.filetypes, { 'uttt', 'go9', 'tomek', 'boardls_answer', 'toml' }),
    "lsp/boardls.lua is found through 'runtimepath'", vim.inspect(config))
  record(vim.lsp.is_enabled('boardls'), "the init's only line, vim.lsp.enable('boardls'), enabled it")
  local cmd = type(config.cmd) == 'table' and config.cmd or {}
  record(cmd[1] ~= nil and vim.fn.exepath(cmd[1]) == vim.fn.exepath('boardls') and vim.fn.exepath('boardls') ~= ''
    and vim.fn.resolve(vim.fn.exepath(cmd[1])) == vim.fn.resolve(server),
    'without setup(), the server is boardls from PATH',
    ('cmd: %s; boardls on PATH: %s; expected: %s'):format(vim.inspect(config.cmd), vim.fn.exepath('boardls'), server))
  health()

  take(scenario.steps)

  -- Inlay hints as the user sees them: the plugin's default turned them on.
  record(vim.lsp.inlay_hint.is_enabled({ bufnr = state.buf }), 'inlay hints are on in board buffers without setup()')

  problem_folder(scenario)

  unshifted('samples.uttt', scenario.rendered)
  unshifted('ancientgo.go9', scenario.rendered)
  unshifted('sample.tomek', scenario.rendered)

  in_chinese()

  daemon()
  shared_daemon()

  finish('main')
end

-- Whatever happens, never hang a CI run.
vim.defer_fn(function()
  say('# the test did not finish in time')
  say(('%d passed, %d failed'):format(passed, failed + 1))
  vim.cmd('cquit 2')
end, tonumber(vim.env.BOARDLS_E2E_DEADLINE or '') or 600000)

vim.api.nvim_create_autocmd('VimEnter', {
  once = true,
  callback = function()
    vim.schedule(function()
      local ok, err = pcall(run)
      if not ok then
        say('# the test raised an error: ' .. tostring(err))
        say(('%d passed, %d failed'):format(passed, failed + 1))
        vim.cmd('cquit 1')
      end
    end)
  end,
})
