# Tischrunde in a container: `docker build -t tischrunde .` then
# `docker run --env-file .env -v tischrunde-data:/data tischrunde`.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    TISCHRUNDE_DATABASE_URL=sqlite:////data/tischrunde.sqlite3

WORKDIR /app
COPY pyproject.toml README.md ./
COPY requirements/runtime.txt ./requirements/runtime.txt
COPY games ./games
COPY tables ./tables
COPY storage ./storage
COPY bot ./bot
COPY pictures ./pictures
COPY tischrunde ./tischrunde
COPY settings ./settings
# The lock pins every transitive dependency, so the image runs what the tests ran against.
RUN pip install --no-cache-dir --require-hashes -r requirements/runtime.txt \
    && pip install --no-cache-dir --no-deps . \
    && pip check \
    && useradd --create-home tischrunde \
    && mkdir -p /data && chown tischrunde /data

USER tischrunde
VOLUME ["/data"]
CMD ["tischrunde", "bot"]
