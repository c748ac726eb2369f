# SPDX-License-Identifier: BSD-2-Clause
"""Read a SARIF log on stdin; check the SARIF 2.1.0 properties code-scanning tools
require; print a summary (results per ruleId and level, inputs) for the golden."""
import json
import sys

log = json.load(sys.stdin)
assert log["version"] == "2.1.0", log.get("version")
assert "sarif-2.1.0" in log["$schema"]
assert len(log["runs"]) == 1, "one run per invocation"
run = log["runs"][0]
driver = run["tool"]["driver"]
assert driver["name"] == "dtbind"
ids = [r["id"] for r in driver["rules"]]
assert len(ids) == len(set(ids)) and len(ids) > 50
for r in driver["rules"]:
    assert r["shortDescription"]["text"]
    assert r["defaultConfiguration"]["level"] in ("warning", "error")
seen = {}
for res in run["results"]:
    assert res["ruleId"] in ids, res["ruleId"]
    assert res["level"] in ("none", "note", "warning", "error")
    assert res["message"]["text"]
    for loc in res["locations"] + res.get("relatedLocations", []):
        phys = loc["physicalLocation"]
        assert phys["artifactLocation"]["uri"]
        reg = phys.get("region")
        if reg:
            assert reg["startLine"] >= 1 and reg["startColumn"] >= 1
    for rel in res.get("relatedLocations", []):
        assert rel["message"]["text"]
    key = (res["ruleId"], res["level"], res["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].split("/")[-1],
           res.get("properties", {}).get("input", "").split("/")[-1])
    seen[key] = seen.get(key, 0) + 1
print("valid SARIF 2.1.0: %d rules, %d results" % (len(ids), len(run["results"])))
for k in sorted(seen):
    print(" ".join(k), seen[k])
