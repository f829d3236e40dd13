vcl 4.1;

# An edge cache near the buyers, in front of the server (docs/deploy.md, "An edge cache";
# docs/decisions/035-edge-cache.md). It keeps only what the server marks `public` (the public pages,
# the product list and products, the gallery, the sitemap, the images and the built assets), for
# the answer's s-maxage, and drops answers by tag when the server sends `PURGE` with
# `X-Purge-Keys: product-<id> products` (EDGE_PURGE_URL=http://<this host>:<port>/). Everything
# else, and every request with a session cookie to a private path, goes to the server.
# Checked by `npm run test:edge` (apps/server/scripts/edge.ts), which runs Debian's varnishd on it.

import std;

# The server: one process, or the load balancer in front of several. `npm run test:edge` rewrites
# these two lines for its own ports.
backend default {
    .host = "127.0.0.1";
    .port = "3000";
    .connect_timeout = 5s;
    .first_byte_timeout = 30s;
    .between_bytes_timeout = 30s;
}

# Who may purge: the server processes' addresses.
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    # A purge by tag: every kept answer whose Surrogate-Key names one of the tags is banned.
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (req.http.X-Purge-Keys !~ "^[a-z0-9-]+( [a-z0-9-]+)*$") {
            return (synth(400, "X-Purge-Keys: tags separated by single spaces"));
        }
        # Only obj.* in the expression: the ban lurker drops the objects in the background, so the
        # ban list does not grow with every purge. Tags are whole words of Surrogate-Key.
        if (std.ban("obj.http.Surrogate-Key ~ (^|[[:space:]])(" + regsuball(req.http.X-Purge-Keys, " ", "|") + ")([[:space:]]|$)")) {
            return (synth(200, "Banned"));
        }
        return (synth(400, std.ban_error()));
    }
    # The public answers are the same for everyone and the server reads no cookie for them: a
    # signed-in buyer's cookie is not sent, and the cached copy answers them too. Any other path
    # keeps its cookie, and a request with one is passed to the server (the built-in rule below).
    if ((req.method == "GET" || req.method == "HEAD") &&
        (req.url ~ "^(/(ar|es|fr|de))?/?(about|products(/[^/?]*)?|gallery|privacy|terms)?/?(\?.*)?$" ||
         req.url ~ "^/api/v1/product/(all|[0-9a-f]{24})/?(\?.*)?$" ||
         req.url ~ "^/api/v1/gallery/all/?(\?.*)?$" ||
         req.url ~ "^/(sitemap\.xml|robots\.txt)(\?.*)?$" ||
         req.url ~ "^/(uploads|assets)/")) {
        unset req.http.Cookie;
    }
    # Then Varnish's built-in rules: other methods and requests with a cookie or Authorization pass.
}

sub vcl_hash {
    # Behind a TLS proxy the server builds absolute addresses from X-Forwarded-Proto (TRUST_PROXY).
    hash_data(req.http.X-Forwarded-Proto);
}

sub vcl_hit {
    set req.http.X-Cache = "HIT";
}

sub vcl_miss {
    set req.http.X-Cache = "MISS";
}

sub vcl_pass {
    set req.http.X-Cache = "PASS";
}

sub vcl_backend_response {
    # Only what the server marks public is kept: a redirect, an error or a refusal without
    # Cache-Control is not (Varnish would otherwise keep it for its default 120 s).
    if (beresp.http.Cache-Control !~ "(?i)(^|[ ,])public([ ,]|$)") {
        set beresp.uncacheable = true;
        set beresp.ttl = 120s;
        return (deliver);
    }
    # The TTL comes from s-maxage (Varnish's own rule); the grace from stale-while-revalidate: a
    # copy just expired answers at once while the new one is fetched. A banned copy is never served.
    if (beresp.http.Cache-Control ~ "stale-while-revalidate=[0-9]+") {
        set beresp.grace = std.duration(regsub(beresp.http.Cache-Control, "^.*stale-while-revalidate=([0-9]+).*$", "\1") + "s", 0s);
    }
}

sub vcl_deliver {
    set resp.http.X-Cache = req.http.X-Cache;
    # The tags and the edge's lifetime are for this cache: a cache beyond it (a company proxy) gets
    # no purge, so it is told what a browser is told: revalidate every time.
    unset resp.http.Surrogate-Key;
    unset resp.http.Cache-Tag;
    if (resp.http.Cache-Control ~ "s-maxage") {
        set resp.http.Cache-Control = regsuball(resp.http.Cache-Control, ",\s*(s-maxage|stale-while-revalidate)=[0-9]+", "");
    }
}
