-- docfact in Neovim 0.7+ (the configuration the README shows).
-- Starts one `docfact serve` for the working directory and attaches every Python and Java buffer.
local docfact_client = nil

vim.api.nvim_create_autocmd("FileType", {
  pattern = { "python", "java" },
  callback = function(args)
    if docfact_client == nil then
      docfact_client = vim.lsp.start_client({
        name = "docfact",
        cmd = { "docfact", "serve" },
        root_dir = vim.fn.getcwd(),
        -- editor settings (camelCase, as in [tool.docfact] but camelCase); optional
        settings = { docfact = { trigger = "onSave" } },
      })
    end
    vim.lsp.buf_attach_client(args.buf, docfact_client)
  end,
})
