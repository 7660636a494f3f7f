PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: run test lint bench play check-config clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

lint: $(STAMP)
	$(VENV)/bin/ruff check .

test: $(STAMP) lint
	$(PY) -m pytest

# jass-kit is installed for the benchmark only: its speed is measured in the same run;
# numba only compiles the exact solver of the exact_endgame probe.
bench: $(STAMP)
	$(PY) -m pip install --quiet jass-kit==2.0.5 'numba>=0.60'
	$(PY) benchmarks/rules_bench.py
	$(PY) benchmarks/service_bench.py
	$(PY) benchmarks/discord_bench.py
	$(PY) benchmarks/ai_bench.py
	$(PY) -m bot.ai.arena --a club --b random --hands 2000 --seed 1 --jobs 2
	$(PY) benchmarks/points_by_contract.py --a club --b random --deals 1000
	$(PY) benchmarks/oracle_ceiling.py --deals 100
	$(PY) benchmarks/exact_endgame.py --deals 100 --exact 4
	$(PY) benchmarks/belief_accuracy.py --states 200 --jobs 2 --variant base={} --variant 'learned={"learned_inference": true}'

run: $(STAMP)
	$(PY) -m bot run

check-config: $(STAMP)
	$(PY) -m bot check-config

play: $(STAMP)
	$(PY) -m bot play

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
