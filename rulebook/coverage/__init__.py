"""Rules coverage: which rules, branches, choices and table rows scenarios reached (issue 17).

`rulebook test PATH… --coverage` builds the games its scenarios play as counting builds
(interpreter/analysis/reach.py) and reports, per rules file, the lines reached and missed
(`report.py`, `html.py`); `results.py` merges what the games reached.
"""
