"""The house deck of Overstocked: 43 numbered crate cards (ruling OS-2).

The rulebook does not publish the card faces. This deck was generated once,
by a seeded generator run by hand (seed 20240604), and checked against OS-2:
every card has at most 2 empty spaces and at most 1 worker, shows at least
two different toys, and over the deck the four toys appear 55, 55, 55 and
54 times (a worker's toy counts for its toy). It is data: nothing generates
cards at run time, and `tests/test_overstocked_rules.py` re-checks OS-2.

Each face is six spaces, read row by row as the card lies at rotation 0
(three spaces wide, two high): ``face[0:3]`` is the top row, ``face[3:6]``
the bottom row. The alphabet is `core.overstocked.cards`': ``.`` an empty
crate, ``P F Y B`` a toy, lower case a worker standing on that toy.
"""

from __future__ import annotations

#: CRATE_FACES[n - 1] is the face of crate card number n (1-43).
CRATE_FACES: tuple[str, ...] = (
    "FFBB.F",  #  1: FFB / B.F
    "BPPY.B",  #  2: BPP / Y.B
    "FyPYYY",  #  3: FyP / YYY
    ".FYFFY",  #  4: .FY / FFY
    "FPFPFP",  #  5: FPF / PFP
    ".YpBBF",  #  6: .Yp / BBF
    "bF.PFB",  #  7: bF. / PFB
    "F.PPF.",  #  8: F.P / PF.
    "YFByBB",  #  9: YFB / yBB
    "p.YFPP",  # 10: p.Y / FPP
    "FPP.YY",  # 11: FPP / .YY
    "YY.PPF",  # 12: YY. / PPF
    "BYYYY.",  # 13: BYY / YY.
    "YFYYYP",  # 14: YFY / YYP
    "BBBBBF",  # 15: BBB / BBF
    "PYPPY.",  # 16: PYP / PY.
    "FYFYYF",  # 17: FYF / YYF
    "B..FYB",  # 18: B.. / FYB
    "FFYYFY",  # 19: FFY / YFY
    "P.PYYP",  # 20: P.P / YYP
    ".FFPPB",  # 21: .FF / PPB
    "YFBFBY",  # 22: YFB / FBY
    "YBFYpP",  # 23: YBF / YpP
    "B.BFPy",  # 24: B.B / FPy
    "PbFPBB",  # 25: PbF / PBB
    "PPB.B.",  # 26: PPB / .B.
    "FPyPYY",  # 27: FPy / PYY
    "Y.BYYf",  # 28: Y.B / YYf
    "BFB.Y.",  # 29: BFB / .Y.
    "FPF.BF",  # 30: FPF / .BF
    "YFF.YF",  # 31: YFF / .YF
    ".BFFFF",  # 32: .BF / FFF
    "PPPB.P",  # 33: PPP / B.P
    ".B.FPY",  # 34: .B. / FPY
    "BYB..y",  # 35: BYB / ..y
    "YPPPPB",  # 36: YPP / PPB
    "BY.BFB",  # 37: BY. / BFB
    ".BPFPP",  # 38: .BP / FPP
    "P.YPPP",  # 39: P.Y / PPP
    "FPPp..",  # 40: FPP / p..
    ".BfFB.",  # 41: .Bf / FB.
    "BBBBBY",  # 42: BBB / BBY
    ".B.FBB",  # 43: .B. / FBB
)

#: OS-7 (house): the six quantum crate cards, numbered 1-6. Four quantum
#: crates (``Q``) and two empty spaces each, every card a different layout.
QUANTUM_FACES: tuple[str, ...] = (
    "QQ.QQ.",  # 1: QQ. / QQ.
    "Q.QQ.Q",  # 2: Q.Q / Q.Q  (X)
    "QQQ.Q.",  # 3: QQQ / .Q.
    ".QQQQ.",  # 4: .QQ / QQ.
    "Q..QQQ",  # 5: Q.. / QQQ  (X)
    "QQ..QQ",  # 6: QQ. / .QQ
)

#: OS-7 (house): the quantum cards that carry the X symbol.
QUANTUM_X: frozenset[int] = frozenset({2, 5})
