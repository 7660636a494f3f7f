# Jass bot: slim Python, a non-root user, the database on a named volume, no token baked in.
#   docker build -t jassbot .
#   docker run -e DISCORD_TOKEN=... -v jass-data:/app/data jassbot
# (No VOLUME instruction: it would leave an unused anonymous volume behind every container that
# keeps its database elsewhere, e.g. on PostgreSQL; name the volume with -v as above.)
# The pages' scripts (the live table, the Discord Activity with the Embedded App SDK): TypeScript
# bundled by esbuild (npm registry), with the frames' types generated from their schema.
FROM node:24-slim AS client
WORKDIR /src/bot/web/client
COPY bot/web/client/package.json bot/web/client/package-lock.json bot/web/client/tsconfig.json ./
RUN npm ci --no-audit --no-fund --loglevel=error
COPY bot/web/protocol.schema.json ../protocol.schema.json
COPY bot/web/client/src ./src
RUN npm run --silent build

FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    JASS_DATABASE=/app/data/jass.sqlite3

WORKDIR /app
# Names in the pictures: emoji in colour, Chinese and Japanese, right-to-left laid out (raqm).
RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-noto-color-emoji fonts-wqy-microhei libraqm0 \
    && rm -rf /var/lib/apt/lists/*
RUN useradd --create-home --uid 10001 jass
COPY pyproject.toml README.md constraints.txt ./
COPY bot ./bot
COPY --from=client /src/bot/web/static/table.js /src/bot/web/static/activity.js ./bot/web/static/
COPY cogs ./cogs
COPY config.example.yaml ./
# The versions the tests ran with (constraints.txt), not whatever is newest on the day of the build.
RUN pip install -c constraints.txt . && mkdir -p /app/data && chown -R jass:jass /app/data

USER jass
# Healthy while the bot's heartbeat (written every 30 s) says the database answers and the
# gateway is connected or connecting.
HEALTHCHECK --interval=30s --timeout=10s --start-period=90s --retries=3 CMD ["python", "-m", "bot", "health"]
CMD ["python", "-m", "bot", "run"]
