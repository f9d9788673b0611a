-- docfact for Neovim 0.11+: the built-in vim.lsp.config / vim.lsp.enable.
vim.lsp.config("docfact", {
  cmd = { "docfact", "serve" },
  filetypes = { "python", "java", "typescript", "typescriptreact", "javascript", "javascriptreact" },
  root_markers = { "pyproject.toml", "setup.py", "pom.xml", "build.gradle", ".git" },
  settings = { docfact = { trigger = "onSave" } },
})
vim.lsp.enable("docfact")
