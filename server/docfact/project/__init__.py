"""Loading a project: the one pipeline the CLI, the language server and the tests share.

The stages, each a function over an :class:`~docfact.project.indexing.Loading` (an engine):

1. :mod:`~docfact.project.files`: the files to judge (``scan``), and the rest of their packages.
2. :mod:`~docfact.project.indexing`: their indexes, from the store where it holds the text,
   the others indexed in worker processes or in this one, added to the graph in a fixed order.
3. :mod:`~docfact.project.imported`: the project modules the judged files import.
4. :mod:`~docfact.project.replay`: verdicts kept from earlier runs, reused when every lookup
   their judging recorded has the same answer now.

Nothing here judges or reports: the engine judges, the faces (``cli/``, ``lsp/``) report. This
package imports neither the engine nor a face (the engine imports it), so it stays light to
import: an unchanged project is answered from the store without loading the judges.
"""
