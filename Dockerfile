# syntax=docker/dockerfile:1
# Pinjaman in one image: the API, the company services and the site's SSR in one Node process
# (apps/api/dist/main.js), run as the unprivileged `node` user. README: "Running in production".
#
#   docker build -t pinjaman .
#   docker run --env-file pinjaman.env -p 3000:3000 pinjaman

ARG NODE_IMAGE=node:24-bookworm-slim

# Production dependencies only (npm packages stay external to the server bundle).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY packages/domain/package.json packages/domain/
COPY packages/i18n/package.json packages/i18n/
RUN npm ci --omit=dev --no-audit --no-fund

# Everything, then the build: the site (apps/web/build, precompressed) and the server bundle.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY packages/domain/package.json packages/domain/
COPY packages/i18n/package.json packages/i18n/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
# The workspace packages: node_modules/@pinjaman/* link here, and the SQL migrations are found
# through @pinjaman/db (packages/db/migrations).
COPY --from=build /app/packages ./packages
COPY --from=build /app/apps/api/package.json ./apps/api/package.json
COPY --from=build /app/apps/api/dist ./apps/api/dist
COPY --from=build /app/apps/web/package.json ./apps/web/package.json
COPY --from=build /app/apps/web/build ./apps/web/build
# PGlite (when DATABASE_URL is unset) and local uploads (STORAGE=local) write under /app/.data:
# mount a volume there, or use PostgreSQL and STORAGE=s3 and keep the container stateless.
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Node is PID 1 and handles SIGTERM itself (main.ts: finish requests, stop the jobs, close the database).
CMD ["node", "--enable-source-maps", "apps/api/dist/main.js"]
