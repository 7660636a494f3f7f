PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
RESEARCH_STAMP := $(VENV)/.research

.PHONY: client-check constraints run test test-quick lint typecheck bench research play check-config clean

CLIENT := bot/web/client
CLIENT_JS := bot/web/static/table.js
CLIENT_SRC := $(CLIENT)/package.json $(CLIENT)/package-lock.json $(CLIENT)/tsconfig.json bot/web/protocol.schema.json \
	$(wildcard $(CLIENT)/src/*.ts $(CLIENT)/src/table/*.ts)

# The pages' scripts (bot/web/client, TypeScript): the live table's (static/table.js) and the Discord
# Activity's with the Embedded App SDK (static/activity.js), bundled by esbuild; every package from the
# npm registry (package-lock.json; axe-core for the browser tests comes with them). Without npm, or
# when its registry cannot be reached, the bot runs (Discord, the public pages) and one line says that
# the live table and the Activity are off.
$(CLIENT_JS): $(CLIENT_SRC)
	@if ! command -v npm >/dev/null 2>&1; then \
		echo "npm not found: the live table's and the Discord Activity's pages are not built (the bot runs without them)"; \
	elif ! (cd $(CLIENT) && npm ci --no-audit --no-fund --loglevel=error && npm run --silent build); then \
		echo "npm could not install or build the pages' scripts (is its registry reachable?): the live table and the Discord Activity are off"; \
	fi

# The client's own checks: its types against the frames' schema (tsc) and its state logic (node's
# test runner); part of make test. Where npm or its packages are missing they cannot run: one line
# says so, and with JASS_TEST_BROWSER=required (CI, as for the browser tests) that fails make test.
client-check: $(CLIENT_JS)
	@if command -v npm >/dev/null 2>&1 && [ -d $(CLIENT)/node_modules/typescript ]; then \
		cd $(CLIENT) && npm run --silent check && npm test --silent; \
	elif [ "$$JASS_TEST_BROWSER" = required ]; then \
		echo "the client's checks need npm and its packages (make installs them): not there"; exit 1; \
	else \
		echo "npm or the client's packages are missing: the client's type check and unit tests did not run"; \
	fi

# constraints.txt: the versions of every package the suite last passed with (the Dockerfile uses it
# too); renew it with `make constraints` after changing pyproject.toml's dependencies.
$(STAMP): pyproject.toml constraints.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -c constraints.txt -e '.[test]'
	touch $(STAMP)

constraints: $(STAMP)
	$(PY) -m pip freeze --exclude-editable --exclude jass-kit --exclude numba --exclude llvmlite > constraints.txt

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

typecheck: $(STAMP)
	$(VENV)/bin/mypy

# The whole suite on two workers, with coverage of the product package printed at the end.
test: $(STAMP) $(CLIENT_JS) lint typecheck client-check
	$(PY) -m pytest -n 2 --cov=bot --cov=cogs --cov-report=term:skip-covered

# Everything but the slow computer-player tests, on two workers (the time: README, "Make targets").
test-quick: $(STAMP) lint
	$(PY) -m pytest -n 2 -m "not slow"

# Product benchmarks: rules engine, table service, Discord layer, computer-player decision time.
bench: $(STAMP)
	$(PY) -m benchmarks.rules_bench
	$(PY) -m benchmarks.service_bench --backend postgresql --tables 100,500 --processes 1,2
	$(PY) -m benchmarks.discord_bench
	$(PY) -m benchmarks.discord_bench --ratelimits --tables 25,50,100,200 --seconds 60
	$(PY) -m benchmarks.discord_bench --tables 500 --clicks 10 --collector both
	$(PY) -m benchmarks.render_bench
	$(PY) -m benchmarks.draw_bench
	$(PY) -m benchmarks.tournament_bench
	$(PY) -m benchmarks.rating_bench
	$(PY) -m benchmarks.rules_lookup_bench
	$(PY) -m benchmarks.computer_queue_bench --seconds 60
	$(PY) -m benchmarks.ai_bench
	$(PY) -m benchmarks.coiffeur_bench --a club --b random --games 200 --seed 1
	$(PY) -m benchmarks.coiffeur_bench --a strong --b club --games 100 --seed 3
	$(PY) -m benchmarks.coiffeur_bench --a strong --b club --games 100 --seed 4
	$(PY) -m benchmarks.differenzler_bench --a club --b random --deals 200 --seed 1
	$(PY) -m benchmarks.differenzler_bench --a strong --b random --deals 200 --seed 1
	$(PY) -m benchmarks.differenzler_bench --a strong --b club --deals 200 --seed 3
	$(PY) -m benchmarks.molotow_bench --a club --b random --deals 200 --seed 1
	$(PY) -m benchmarks.review_bench --endgames 300 --throws 0 --strong 0
	$(PY) -m benchmarks.review_bench --endgames 200 --endgame-trick 7 --throws 0 --strong 0
	$(PY) -m benchmarks.review_bench --endgames 0 --throws 200 --strong 0
	$(PY) -m benchmarks.review_bench --endgames 0 --throws 0 --strong 40
	$(PY) -m benchmarks.hint_bench --hints 100
	$(PY) -m benchmarks.web_bench
	$(PY) -m benchmarks.web_table_bench
	$(PY) -m benchmarks.web_table_bench --tables 1000 --discord-tables 0
	$(PY) -m benchmarks.web_frames
	$(PY) -m benchmarks.web_first_draw --runs 3

$(RESEARCH_STAMP): $(STAMP)
	$(PY) -m pip install --quiet -e '.[research]'
	touch $(RESEARCH_STAMP)

# Research probes (research/README.md): hours, not minutes.
research: $(RESEARCH_STAMP)
	$(PY) -m research.arena --a club --b random --hands 2000 --seed 1 --jobs 2
	$(PY) -m research.points_by_contract --a club --b random --deals 1000
	$(PY) -m research.oracle_ceiling --deals 100
	$(PY) -m research.exact_endgame --deals 100 --exact 4
	$(PY) -m research.belief_accuracy --states 200 --jobs 2 --variant base={} --variant 'learned={"learned_inference": true}'

run: $(STAMP) $(CLIENT_JS)
	$(PY) -m bot run

check-config: $(STAMP)
	$(PY) -m bot check-config

play: $(STAMP)
	$(PY) -m bot play

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache .hypothesis .coverage $(CLIENT)/node_modules $(CLIENT)/build $(CLIENT_JS) bot/web/static/activity.js
