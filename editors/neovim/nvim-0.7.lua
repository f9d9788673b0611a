-- docfact for Neovim 0.7 – 0.10: start the server for Python, Java, TypeScript and JavaScript buffers.
-- Put this in init.lua (or a file it requires).
local function docfact_root(fname)
  local markers = { "pyproject.toml", "setup.py", "setup.cfg", "pom.xml", "build.gradle", ".git" }
  local dir = vim.fn.fnamemodify(fname, ":p:h")
  while dir ~= "/" and dir ~= "" do
    for _, m in ipairs(markers) do
      if vim.fn.filereadable(dir .. "/" .. m) == 1 or vim.fn.isdirectory(dir .. "/" .. m) == 1 then
        return dir
      end
    end
    dir = vim.fn.fnamemodify(dir, ":h")
  end
  return vim.fn.getcwd()
end

local docfact_clients = {}

vim.api.nvim_create_autocmd("FileType", {
  pattern = { "python", "java", "typescript", "typescriptreact", "javascript", "javascriptreact" },
  callback = function(args)
    local root = docfact_root(vim.api.nvim_buf_get_name(args.buf))
    local id = docfact_clients[root]
    if id == nil then
      id = vim.lsp.start_client({
        name = "docfact",
        cmd = { "docfact", "serve" },          -- or { "python3", "-P", "-m", "docfact", "serve" } (3.11+)
        root_dir = root,
        init_options = { trigger = "onSave" }, -- any docfact.* setting, camelCase
        settings = { docfact = { trigger = "onSave" } },
      })
      docfact_clients[root] = id
    end
    vim.lsp.buf_attach_client(args.buf, id)
  end,
})
