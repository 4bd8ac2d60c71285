/**
 * The Python side of one run, evaluated in the sandbox before the person's code: it defines
 * `__parley_run(source)`, which runs the code as a script whose last bare expression is echoed
 * (as a notebook cell does), and `__parley_seal()`, which cuts Python's bridges to JavaScript
 * before that code runs. Kept as a string so that the runner needs no file beside it.
 */
export const PYTHON_DRIVER = `
import ast as _parley_ast
import sys as _parley_sys
import traceback as _parley_traceback

# Names start with _parley_ (not __, which Python mangles inside the class below).
# Modules that reach JavaScript (and through it the host) or load packages: none is needed by the
# standard library, and each is a way out of the sandbox.
_PARLEY_BLOCKED = ('js', 'pyodide_js', 'pyodide', '_pyodide', '_pyodide_core', 'micropip', 'ctypes', '_ctypes')

def _parley_is_blocked(name):
    return any(name == b or name.startswith(b + '.') for b in _PARLEY_BLOCKED)

class _ParleyBlockJs:
    def find_spec(self, name, path=None, target=None):
        if _parley_is_blocked(name):
            raise ImportError(f"the module '{name}' is not available in this sandbox")
        return None

def __parley_seal():
    import gc
    for name in list(_parley_sys.modules):
        if _parley_is_blocked(name):
            del _parley_sys.modules[name]
    _parley_sys.meta_path.insert(0, _ParleyBlockJs())
    # The removed modules stay alive in memory (gc.get_objects finds them), and with them the
    # handles they hold on JavaScript objects (the Pyodide API, its Emscripten module): drop every
    # such handle so that code searching the heap finds none.
    def is_js(value):
        return not isinstance(value, type) and any('JsProxy' in c.__name__ for c in type(value).__mro__)
    for holder in gc.get_objects():
        if isinstance(holder, dict):
            for key in [k for k, v in holder.items() if is_js(v)]:
                del holder[key]
        elif hasattr(holder, '__dict__') and not isinstance(holder, type):
            try:
                attributes = vars(holder)
            except TypeError:
                continue
            for key in [k for k, v in attributes.items() if is_js(v)]:
                attributes[key] = None
    gc.collect()

def __parley_run(source):
    scope = {'__name__': '__main__', '__builtins__': __builtins__}
    try:
        tree = _parley_ast.parse(source, '<code>', 'exec')
        last = None
        if tree.body and isinstance(tree.body[-1], _parley_ast.Expr):
            last = _parley_ast.Expression(tree.body.pop().value)
        exec(compile(tree, '<code>', 'exec'), scope)
        if last is not None:
            value = eval(compile(last, '<code>', 'eval'), scope)
            if value is not None:
                return [repr(value), None]
        return [None, None]
    except BaseException as error:
        # Leave out this driver's own frame: the traceback starts in the person's code.
        # A syntax error carries its own place; its frames are the parser's.
        tb = None if isinstance(error, SyntaxError) else error.__traceback__.tb_next
        try:
            return [None, ''.join(_parley_traceback.format_exception(type(error), error, tb))]
        except BaseException:
            return [None, f'{type(error).__name__}: {error}']
    finally:
        _parley_sys.stdout.flush()
        _parley_sys.stderr.flush()
`
