"""TypeScript/JavaScript rules on code shaped like npm packages nobody tuned on (issue 28, cause
12): for each cause of a false finding, an invented look-alike that stays quiet, and where the
cause could hide a real error, a planted slip that is still found. Nothing here is copied from a
real package."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from docfact.config import Settings
from docfact.engine import Engine


def _settings() -> Settings:
    # every rule, preview ones included (the maturity of a rule is not what these tests check)
    return Settings(**({"preview": True} if "preview" in Settings.__dataclass_fields__ else {}))  # type: ignore[arg-type]


def findings(root: Path, files: dict[str, str], target: str) -> list[tuple[str, str]]:
    """(rule, message) of the C1-C3 findings on ``target`` of the project made of ``files``."""
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    engine = Engine(root, _settings())
    engine.load()
    result = engine.check_file(str(root / target))
    return [(f.rule, f.message) for f in result.findings if f.criterion in ("C1", "C2", "C3")]


def rules(found: list[tuple[str, str]]) -> set[str]:
    return {r for r, _ in found}


# ---- CommonJS exports written by compilers and people --------------------------------------

PACKAGE = '{"name": "tilekit", "version": "2.0.0", "main": "lib/index.js", "types": "lib/index.d.ts"}\n'

# what tsc writes for ``export { Tile } from "./tile"; export * from "./ops"; export const
# scale = ...`` (helpers shortened)
INDEX_JS = '''
"use strict";
var __createBinding = (this && this.__createBinding) || function (o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    Object.defineProperty(o, k2, { enumerable: true, get: function () { return m[k]; } });
};
var __exportStar = (this && this.__exportStar) || function (m, exports) {
    for (var p in m) if (p !== "default") __createBinding(exports, m, p);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.scale = exports.Tile = void 0;
var tile_1 = require("./tile");
Object.defineProperty(exports, "Tile", { enumerable: true, get: function () { return tile_1.Tile; } });
__exportStar(require("./ops"), exports);
exports.scale = 2;
'''

TILE_JS = '''
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Tile = void 0;
/**
 * One square tile.
 *
 * @example
 * import { Tile, rotate, scale } from 'tilekit';
 * import { {name} } from '../lib';
 * rotate(new Tile(3));
 */
class Tile {
    constructor(size) { this.size = size; }
}
exports.Tile = Tile;
'''

OPS_JS = '''
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.flip = exports.rotate = void 0;
const rotate = (t) => t;
exports.rotate = rotate;
function flip(t) { return t; }
exports.flip = flip;
'''


def _tiles(name: str) -> dict[str, str]:
    return {"package.json": PACKAGE, "lib/index.js": INDEX_JS, "lib/tile.js": TILE_JS.replace("{name}", name),
            "lib/ops.js": OPS_JS}


def test_compiled_commonjs_exports_are_read(tmp_path: Path) -> None:
    # ``Object.defineProperty(exports, ...)`` re-exports, ``__exportStar`` and ``exports.x = ...``
    assert findings(tmp_path, _tiles("flip"), "lib/tile.js") == []


def test_a_name_a_closed_commonjs_module_lacks_is_still_found(tmp_path: Path) -> None:
    found = findings(tmp_path, _tiles("flop"), "lib/tile.js")
    assert ("C1.example-import" in rules(found)) and any("flop" in m for _, m in found)


def test_module_exports_object_and_require_reexport(tmp_path: Path) -> None:
    files = {
        "package.json": '{"name": "countkit"}\n',
        "src/tally.js": "function tally() {}\nfunction total() {}\nmodule.exports = { tally, sum: total };\n",
        "src/all.js": "module.exports = require('./tally');\n",
        "src/use.js": '''
            /**
             * Counting helpers.
             *
             * @example
             * import { tally, sum } from './all';
             * import { tally as t, {name} } from './tally';
             */
            function helper() {}
            module.exports = { helper };
        ''',
    }
    assert findings(tmp_path, {**files, "src/use.js": files["src/use.js"].replace("{name}", "sum")}, "src/use.js") == []
    found = findings(tmp_path, {**files, "src/use.js": files["src/use.js"].replace("{name}", "summ")}, "src/use.js")
    assert any(r == "C1.example-import" and "summ" in m for r, m in found)


@pytest.mark.parametrize("exports", [
    "module.exports = makeApi();\nfunction makeApi() { return {}; }\n",  # a value docfact cannot list
    "const names = ['a', 'b'];\nfor (const n of names) exports[n] = () => n;\n",  # computed names
    "Object.assign(exports, require('./table'));\n",
    "module.exports = { ...require('./table'), other: 1 };\n",
])
def test_commonjs_exports_that_cannot_be_listed_open_the_module(tmp_path: Path, exports: str) -> None:
    files = {
        "package.json": '{"name": "dynkit"}\n',
        "src/api.js": exports,
        "src/table.js": "exports.row = 1;\n",
        "src/use.js": '''
            /**
             * Uses the api.
             *
             * @example
             * import { lookup } from './api';
             */
            export function use() {}
        ''',
    }
    assert findings(tmp_path, files, "src/use.js") == []


# ---- parameters written as comments on overridable methods ---------------------------------

SHAPES = '''
/**
 * What every figure can do.
 * @abstract
 */
export class Figure {
  /**
   * The surface of the figure.
   * @param {number} factor - multiplies each side
   * @returns {number} the surface
   */
  surface(/* factor */) {
    throw new Error('subclasses implement surface');
  }

  /**
   * Paints the figure.
   * @abstract
   * @param {object} pen - what it paints with
   */
  paint() {
    throw new Error('abstract');
  }

  /**
   * Moves the figure.
   * @param {number} {name} - how far
   */
  move(dx) {
    return dx;
  }
}
'''


def test_commented_out_and_abstract_parameters_are_not_unknown(tmp_path: Path) -> None:
    assert findings(tmp_path, {"figure.js": SHAPES.replace("{name}", "dx")}, "figure.js") == []


def test_a_wrong_parameter_of_a_concrete_method_is_still_found(tmp_path: Path) -> None:
    found = findings(tmp_path, {"figure.js": SHAPES.replace("{name}", "dy")}, "figure.js")
    assert any(r == "C1.unknown-param" and "`dy`" in m for r, m in found)


# ---- static members assigned after the class body ------------------------------------------

PALETTE = '''
/**
 * Named inks. {@link Inks.CATALOG} lists them and {@link Inks.byName} finds one.
 *
 * @example
 * Inks.CATALOG.teal;
 * Inks.byName('teal');
 * Inks.{name};
 * new Inks().shade;
 */
export class Inks {}
Inks.CATALOG = { teal: '#088' };
Inks.byName = function (name) { return Inks.CATALOG[name]; };
Inks.prototype.shade = 0.5;
'''


def test_static_members_assigned_after_the_class_exist(tmp_path: Path) -> None:
    assert findings(tmp_path, {"inks.js": PALETTE.replace("{name}", "CATALOG")}, "inks.js") == []


def test_a_static_member_nobody_assigns_is_still_found(tmp_path: Path) -> None:
    found = findings(tmp_path, {"inks.js": PALETTE.replace("{name}", "CATALOGUE")}, "inks.js")
    assert any(r == "C1.example-attribute" and "CATALOGUE" in m for r, m in found)


# ---- fields set in the constructor ---------------------------------------------------------

def test_constructor_fields_are_found_by_instance_links(tmp_path: Path) -> None:
    src = '''
    /**
     * A board of squares; read {@link Board#squares} for the raw values and {@link Board#side}.
     */
    export class Board {
      constructor(n) {
        this.squares = new Array(n * n);
        this.reset(n);
      }
      /** Empties {@link Board#squares}. */
      reset(n) {
        this.side = n;
      }
    }
    /** A ring; see {@link Ring#spokes}. */
    export function Ring(n) {
      this.spokes = n;
    }
    '''
    assert findings(tmp_path, {"board.js": src}, "board.js") == []


# ---- names of other packages that build on this one ----------------------------------------

WATCH = '''
export function watchValue(): number[] {
  return [];
}
export function useWatch(): void {}

/**
 * Tracks who watches a value. {sentence}
 */
export function trackers(): number[] {
  return watchValue();
}
'''


def test_a_user_of_this_code_named_from_another_package_gets_no_correction(tmp_path: Path) -> None:
    src = WATCH.replace("{sentence}", "Framework adapters (e.g. `watchValve` in the Vue binding) build on it.")
    assert findings(tmp_path, {"package.json": '{"name": "watchkit"}\n', "src/core.ts": src}, "src/core.ts") == []


def test_a_slip_in_a_sentence_about_this_code_is_still_found(tmp_path: Path) -> None:
    src = WATCH.replace("{sentence}", "It calls `watchValu` first.")
    found = findings(tmp_path, {"package.json": '{"name": "watchkit"}\n', "src/core.ts": src}, "src/core.ts")
    assert any(r == "C1.unknown-name" and "watchValu" in m for r, m in found), found


# ---- a sub-folder checked alone ------------------------------------------------------------

def test_a_sub_folder_with_its_own_config_invents_no_names_of_the_rest(tmp_path: Path) -> None:
    files = {
        "package.json": '{"name": "gaugekit", "main": "src/index.js"}\n',
        "src/core/dial.js": "export function readDial() { return 1; }\nexport class Needle { constructor() { this.angle = 0; } }\n",
        "src/react/tsconfig.json": '{"compilerOptions": {"allowJs": true}}\n',
        "src/react/hooks.js": '''
            import { readDial, Needle } from '../core/dial';

            /**
             * Reads through {@link readDial}; see `readDials` elsewhere and {@link Needle#angle}.
             *
             * @example
             * import { readDial } from '../core/dial';
             * import { useDial } from './hooks';
             */
            export function useDial() { return readDial(new Needle()); }
        ''',
    }
    for rel, text in files.items():
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    engine = Engine(tmp_path / "src" / "react", _settings())  # the sub-folder as the workspace
    engine.load()
    result = engine.check_file(str(tmp_path / "src" / "react" / "hooks.js"))
    assert [(f.rule, f.message) for f in result.findings if f.criterion in ("C1", "C2", "C3")] == []


# ---- ``@param this``: the object a function runs on -----------------------------------------

RUN = '''
/**
 * Builds and runs a command.
 *
 * @param {Function} this - the command class
 * @param {string[]} {name} - the arguments
 */
export function launch(argv) {
  return new this(argv);
}
'''


def test_param_this_documents_the_receiver(tmp_path: Path) -> None:
    assert findings(tmp_path, {"run.js": RUN.replace("{name}", "argv")}, "run.js") == []
    ts = "export declare function launch(this: new (a: string[]) => object, argv: string[]): object;\n"
    doc = RUN.split("export function")[0].replace("{name}", "argv")
    assert findings(tmp_path, {"run.d.ts": doc + ts}, "run.d.ts") == []


def test_a_wrong_name_beside_param_this_is_still_found(tmp_path: Path) -> None:
    found = findings(tmp_path, {"run.js": RUN.replace("{name}", "args")}, "run.js")
    assert any(r == "C1.unknown-param" and "`args`" in m for r, m in found), found


# ---- a setter's value and a callback's arguments -------------------------------------------

RESPONSE = '''
export const reply = {
  /**
   * Sets the tag of the reply.
   *
   * @param {String} {name}
   */
  set tag(value) {
    this._tag = value;
  },

  /**
   * Registers a listener; the listener is passed two arguments: `tagLabel` and `tagCount`.
   *
   * @param {Function} fn - the listener
   */
  watch(fn) {
    return fn(this._tag, 1);
  },
};

export function tagLabl() {
  return 1;
}
'''


def test_setter_value_and_callback_arguments(tmp_path: Path) -> None:
    assert findings(tmp_path, {"reply.js": RESPONSE.replace("{name}", "tag")}, "reply.js") == []


def test_a_setter_value_under_another_name_is_still_found(tmp_path: Path) -> None:
    found = findings(tmp_path, {"reply.js": RESPONSE.replace("{name}", "tga")}, "reply.js")
    assert any(r == "C1.unknown-param" and "`tga`" in m for r, m in found), found
