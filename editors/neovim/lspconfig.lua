-- docfact with nvim-lspconfig (any Neovim it supports): register it as a custom server.
local configs = require("lspconfig.configs")
local util = require("lspconfig.util")
if not configs.docfact then
  configs.docfact = {
    default_config = {
      cmd = { "docfact", "serve" },
      filetypes = { "python", "java", "typescript", "typescriptreact", "javascript", "javascriptreact" },
      root_dir = util.root_pattern("pyproject.toml", "setup.py", "pom.xml", "build.gradle", "package.json", "tsconfig.json", ".git"),
      settings = { docfact = { trigger = "onSave" } },
    },
  }
end
require("lspconfig").docfact.setup({})
