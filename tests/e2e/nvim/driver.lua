-- Test driver (not part of the README snippet): wait for the server, :write the buffer,
-- collect docfact's diagnostics, a hover and the code actions, write them as JSON and quit.
local out_path = vim.env.DOCFACT_NVIM_OUT
local result = { diagnostics = {}, hover = nil, actions = {}, errors = {} }

local function finish()
  local f = io.open(out_path, "w")
  f:write(vim.fn.json_encode(result))
  f:close()
  vim.cmd("qall!")
end

local ok, err = pcall(function()
  local bufnr = vim.api.nvim_get_current_buf()
  local attached = vim.wait(20000, function()
    for _, client in pairs(vim.lsp.buf_get_clients(bufnr)) do
      if client.name == "docfact" and client.initialized then
        return true
      end
    end
    return false
  end, 50)
  if not attached then
    table.insert(result.errors, "docfact did not attach")
    return
  end
  vim.cmd("write")
  vim.wait(20000, function()
    return #vim.diagnostic.get(bufnr) >= tonumber(vim.env.DOCFACT_NVIM_EXPECT or "1")
  end, 50)
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(result.diagnostics, {
      line = d.lnum, col = d.col, code = d.code, source = d.source, message = d.message,
      severity = d.severity,
    })
  end
  local line = tonumber(vim.env.DOCFACT_NVIM_LINE)
  local col = tonumber(vim.env.DOCFACT_NVIM_COL)
  local params = {
    textDocument = vim.lsp.util.make_text_document_params(bufnr),
    position = { line = line, character = col },
  }
  local hovers = vim.lsp.buf_request_sync(bufnr, "textDocument/hover", params, 10000) or {}
  for _, r in pairs(hovers) do
    if r.result and r.result.contents then
      result.hover = r.result.contents.value or r.result.contents
    end
  end
  -- what vim.lsp.buf.code_action() sends in Neovim 0.7
  local lsp_diags = vim.lsp.diagnostic.get_line_diagnostics(bufnr, line)
  local ca_params = {
    textDocument = vim.lsp.util.make_text_document_params(bufnr),
    range = { start = { line = line, character = col }, ["end"] = { line = line, character = col } },
    context = { diagnostics = lsp_diags },
  }
  local actions = vim.lsp.buf_request_sync(bufnr, "textDocument/codeAction", ca_params, 10000) or {}
  for _, r in pairs(actions) do
    if r.error then
      table.insert(result.errors, "codeAction: " .. vim.inspect(r.error))
    end
    for _, a in ipairs(r.result or {}) do
      table.insert(result.actions, a.title)
    end
  end
end)
if not ok then
  table.insert(result.errors, tostring(err))
end
finish()
