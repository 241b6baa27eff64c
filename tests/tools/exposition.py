"""Parse a Prometheus text exposition from stdin with the official Python client's parser
(python3-prometheus-client) and print its samples as JSON: [{"family", "type", "name",
"labels", "value"}]. A parse error exits 1 with the parser's message."""
import json
import math
import sys

from prometheus_client.parser import text_string_to_metric_families

text = sys.stdin.buffer.read().decode("utf-8")
out = []
try:
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            v = s.value
            out.append({
                "family": family.name,
                "type": family.type,
                "help": family.documentation,
                "name": s.name,
                "labels": s.labels,
                "value": None if math.isnan(v) else v,
            })
except Exception as e:  # the parser raises ValueError and others on bad input
    print(f"parse error: {e}", file=sys.stderr)
    sys.exit(1)
json.dump(out, sys.stdout)
