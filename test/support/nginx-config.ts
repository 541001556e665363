/**
 * The nginx server block docs/deploying-for-a-team.md documents for TLS in front of `serve --http`.
 * The nginx test runs this very text (test/support/nginx.ts) and test/docs holds the page's
 * ```nginx block equal to it, so the page cannot drift from what is tested. No process here: the
 * docs test imports it in the unit run.
 */

/** What a deployment (or a test) fills in; everything else is the documented text as it is. */
export interface NginxSite {
  /** `listen`'s address: `443` in the docs, `127.0.0.1:<ephemeral>` in the test. */
  listen: string;
  /** The public name clients use; also in the gateway's `http.allowedHosts`. */
  serverName: string;
  certificate: string;
  certificateKey: string;
  /** The gateway's loopback `host:port`. */
  gateway: string;
}

/** The values the docs show. */
export const DOCUMENTED_SITE: NginxSite = {
  listen: "443",
  serverName: "tools.example.com",
  certificate: "/etc/ssl/certs/tools.example.com.pem",
  certificateKey: "/etc/ssl/private/tools.example.com.key",
  gateway: "127.0.0.1:8808",
};

/** The documented server block for `site`, one line each. */
export function documentedNginxConfig(site: NginxSite): string[] {
  return [
    "server {",
    `  listen ${site.listen} ssl;`,
    `  server_name ${site.serverName};`,
    `  ssl_certificate ${site.certificate};`,
    `  ssl_certificate_key ${site.certificateKey};`,
    "",
    "  location / {",
    `    proxy_pass http://${site.gateway};`,
    "    proxy_http_version 1.1;",
    // The gateway checks Host against http.allowedHosts: it must see the public name.
    "    proxy_set_header Host $host;",
    '    proxy_set_header Connection "";',
    "    proxy_buffering off;          # server-sent events",
    "    proxy_read_timeout 15m;       # a confirmation may wait 10 minutes for the user",
    "  }",
    "}",
  ];
}
