;;; docfact with eglot (built into Emacs 29+; for Emacs 26.3-28 install the eglot package):
;;; docfact as the server for Python, Java, TypeScript and JavaScript buffers.
(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs
               '((python-mode python-ts-mode java-mode java-ts-mode typescript-mode typescript-ts-mode
                  tsx-ts-mode js-mode js-ts-mode) . ("docfact" "serve")))
  (setq-default eglot-workspace-configuration
                '(:docfact (:trigger "onSave"))))
;; the classic modes and the tree-sitter ones (Emacs 29+), whichever the buffer uses
(dolist (hook '(python-mode-hook python-ts-mode-hook java-mode-hook java-ts-mode-hook
                typescript-mode-hook typescript-ts-mode-hook tsx-ts-mode-hook js-mode-hook js-ts-mode-hook))
  (add-hook hook #'eglot-ensure))
