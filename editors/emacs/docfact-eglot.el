;;; docfact with eglot (built into Emacs 29+; for Emacs 26.3-28 install the eglot package):
;;; docfact as the server for Python, Java, TypeScript and JavaScript buffers.
(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs
               '((python-mode python-ts-mode java-mode java-ts-mode typescript-mode typescript-ts-mode
                  tsx-ts-mode js-mode js-ts-mode) . ("docfact" "serve")))
  (setq-default eglot-workspace-configuration
                '(:docfact (:trigger "onSave"))))
(add-hook 'python-mode-hook #'eglot-ensure)
(add-hook 'java-mode-hook #'eglot-ensure)
(add-hook 'typescript-ts-mode-hook #'eglot-ensure)
(add-hook 'js-mode-hook #'eglot-ensure)
