"""Each node's style rules worked out once for each place it can be in.

Textual restyles a widget whenever a class or its focus changes (a panel
lit while a piece is placed, the focus moving between a game's panels),
and each restyle matches every rule of the stylesheet against the node
again, then again for each of its component classes (a board has seven):
on Overstocked's screen a quarter of an update went there, and the same
few states came back turn after turn.

Which rules match a node depends on nothing but its path from the app: each
node's type, id, classes and pseudo-classes (`textual.css.match`). So the
rules found for a path are kept, by that path, until the stylesheet is read
again, and a node whose path comes back is given them at once. What Textual
does with the rules found (`replace_rules`, the component classes) is
unchanged.
"""

from __future__ import annotations

from typing import Any

from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode

_apply = Stylesheet.apply
_replace_rules = Stylesheet.replace_rules

#: the most paths kept; past it the memo starts again (a few hundred are
#: in use in a match)
MEMO_SIZE = 4096

#: pseudo-classes that read the app, not the node (the theme, inline,
#: colours): the same for every node, so tested once, on the path's root
APP_WIDE = frozenset({"dark", "light", "inline", "ansi", "nocolor"})

#: the rules `replace_rules` was last given, by node, while `apply` runs
_given: dict[DOMNode, Any] = {}
#: each node's path key while the outermost `apply` runs (its component
#: classes' virtual nodes share their node's path)
_keys: list[dict[DOMNode, tuple]] = []


class _Memo:
    """The rules found by path, for one parse of a stylesheet."""

    def __init__(self, rules: list[Any]) -> None:
        #: the parsed rules these were found with (a new parse, a new list)
        self.rules = rules
        #: the pseudo-classes any selector tests, in a fixed order; those
        #: of a node below the root
        self.pseudo = tuple(sorted({
            name
            for rule in rules
            for selector_set in rule.selector_set
            for selector in selector_set.selectors
            for name in selector.pseudo_classes
        }))
        self.pseudo_below = tuple(name for name in self.pseudo if name not in APP_WIDE)
        self.found: dict[tuple, tuple[Any, bool, bool, bool, bool]] = {}


def _memo_of(stylesheet: Stylesheet) -> _Memo:
    rules = stylesheet.rules
    memo: _Memo | None = getattr(stylesheet, "_overtable_memo", None)
    if memo is None or memo.rules is not rules or len(memo.found) > MEMO_SIZE:
        memo = _Memo(rules)
        stylesheet._overtable_memo = memo  # type: ignore[attr-defined]
    return memo


def path_key(node: DOMNode, memo: _Memo, known: dict[DOMNode, tuple]) -> tuple:
    """What selectors can see of `node` and every node above it: type, id,
    classes and which of the pseudo-classes the stylesheet tests it has."""
    key = known.get(node)
    if key is None:
        parent = node._parent
        if isinstance(parent, DOMNode):
            above, pseudo = path_key(parent, memo, known), memo.pseudo_below
        else:
            above, pseudo = (), memo.pseudo
        checks = node._PSEUDO_CLASSES
        has = tuple(name for name in pseudo if name in checks and checks[name](node))
        key = known[node] = (above, type(node), node.id, frozenset(node._classes), has)
    return key


def _replace_rules_noted(cls: type[Stylesheet], node: DOMNode, rules: Any,
                         animate: bool = False) -> None:
    """`Stylesheet.replace_rules`, noting the rules `apply` found."""
    if _keys:
        _given[node] = rules
    _replace_rules(node, rules, animate=animate)


def _apply_once(self: Stylesheet, node: DOMNode, *, animate: bool = False,
                cache: dict[tuple, Any] | None = None) -> None:
    """`Stylesheet.apply`, the rules taken from the memo when the node's
    path was styled before."""
    memo = _memo_of(self)
    outermost = not _keys
    if outermost:
        _keys.append({})
    try:
        key = path_key(node, memo, _keys[0])
        found = memo.found.get(key)
        if found is None:
            _apply(self, node, animate=animate, cache=cache)
            memo.found[key] = (_given.pop(node, None), node._has_hover_style,
                               node._has_focus_within, node._has_order_style,
                               node._has_odd_or_even)
            return
        rules, *flags = found
        (node._has_hover_style, node._has_focus_within, node._has_order_style,
         node._has_odd_or_even) = flags
        if rules is not None:  # as Textual: a node no rule names keeps what it had
            _replace_rules(node, rules, animate=animate)
        self._process_component_classes(node)
    finally:
        if outermost:
            _keys.clear()
            _given.clear()


def memo_styles() -> None:
    """Install the memo (`Stylesheet.apply`). Textual's version is pinned
    (pyproject.toml); tests/test_style_memo.py checks that every node's
    styles are those Textual works out."""
    Stylesheet.apply = _apply_once  # type: ignore[method-assign]
    Stylesheet.replace_rules = classmethod(_replace_rules_noted)  # type: ignore[method-assign,assignment]
