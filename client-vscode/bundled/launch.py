# Starts docfact from the libraries bundled with the VS Code extension (docfact.importStrategy
# "useBundled"): `python launch.py serve` runs the language server, `python launch.py --version`
# prints docfact's version. libs/common holds what every Python version shares, libs/cp3XX what
# is built for one CPython; both go in front of sys.path, so an installed docfact (or another
# version of a dependency) in the user's interpreter is not used.
#
# Written so that old Pythons can parse it and explain themselves. Exit codes the extension
# reads: 3 Python too old, 4 no bundled libraries for this Python.
import os
import sys

MINIMUM = (3, 11)
LIBS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "libs")


def fail(code, message):
    sys.stderr.write(message + "\n")
    return code


def main():
    found = "Python %d.%d (%s)" % (sys.version_info[0], sys.version_info[1], sys.executable)
    if tuple(sys.version_info[:2]) < MINIMUM:
        return fail(3, "docfact needs Python %d.%d or newer; this is %s." % (MINIMUM[0], MINIMUM[1], found))
    if sys.implementation.name != "cpython":
        return fail(4, "the libraries bundled with docfact are for CPython; this is %s %s." % (sys.implementation.name, found))
    tag = "cp%d%d" % sys.version_info[:2]
    own = os.path.join(LIBS, tag)
    if not os.path.isdir(own):
        bundled = sorted(d for d in os.listdir(LIBS) if d.startswith("cp")) if os.path.isdir(LIBS) else []
        versions = ", ".join("%s.%s" % (d[2], d[3:]) for d in bundled) or "none"
        return fail(4, "the docfact extension bundles its libraries for Python %s; this is %s." % (versions, found))
    sys.path[0:0] = [own, os.path.join(LIBS, "common")]
    if sys.argv[1:] == ["--version"]:
        import docfact

        sys.stdout.write(docfact.__version__ + "\n")
        return 0
    from docfact.cli.main import main as docfact_main

    sys.argv[0] = "docfact"
    return docfact_main()


if __name__ == "__main__":
    sys.exit(main())
