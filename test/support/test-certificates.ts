/** A throwaway certificate authority and a server certificate it signed, made with the openssl binary. */
import { spawnSync } from "node:child_process";
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The openssl binary, or `undefined` when it is not installed. */
export const OPENSSL = ["openssl", "/usr/bin/openssl"].find(
  (path) => spawnSync(path, ["version"], { stdio: "ignore" }).status === 0,
);

export interface TestCertificates {
  /** The CA's certificate (PEM): what a client trusts. */
  ca: string;
  /** Files of the server's certificate and key, for the server's config. */
  certificateFile: string;
  keyFile: string;
}

/**
 * Makes, in `dir`, a CA valid for two days and a server certificate it signed for `names` (DNS
 * names; 127.0.0.1 is added). EC P-256 keys: fast to make on a loaded machine. The key is made
 * readable by others: `dir` is a test's own, and the server may run as an unprivileged user.
 */
export function makeTestCertificates(dir: string, names: readonly string[]): TestCertificates {
  if (OPENSSL === undefined) throw new Error("openssl is not installed");
  const config = join(dir, "openssl.cnf");
  writeFileSync(
    config,
    [
      "[req]",
      "distinguished_name = dn",
      "prompt = no",
      "[dn]",
      "CN = toolsift test",
      "[ca]",
      "basicConstraints = critical, CA:TRUE",
      "keyUsage = critical, keyCertSign, cRLSign",
      "subjectKeyIdentifier = hash",
      "[server]",
      "basicConstraints = critical, CA:FALSE",
      "keyUsage = critical, digitalSignature",
      "extendedKeyUsage = serverAuth",
      `subjectAltName = ${[...names.map((name) => `DNS:${name}`), "IP:127.0.0.1"].join(", ")}`,
      "",
    ].join("\n"),
  );
  const path = (name: string) => join(dir, name);
  const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  const req = ["req", "-config", config, ...ec];
  run([...req, "-x509", "-extensions", "ca", "-subj", "/CN=toolsift test CA", "-days", "2", ...keyOut("ca")]);
  run([...req, "-new", "-subj", "/CN=toolsift test server", "-keyout", path("server.key"), "-out", path("server.csr")]);
  run([
    "x509",
    "-req",
    "-in",
    path("server.csr"),
    "-CA",
    path("ca.pem"),
    "-CAkey",
    path("ca.key"),
    "-CAcreateserial",
    "-out",
    path("server.pem"),
    "-days",
    "2",
    "-extfile",
    config,
    "-extensions",
    "server",
  ]);
  chmodSync(path("server.key"), 0o644);
  return { ca: readFileSync(path("ca.pem"), "utf8"), certificateFile: path("server.pem"), keyFile: path("server.key") };

  function keyOut(name: string): string[] {
    return ["-keyout", path(`${name}.key`), "-out", path(`${name}.pem`)];
  }
  function run(args: string[]): void {
    const result = spawnSync(OPENSSL!, args, { encoding: "utf8", timeout: 30_000 });
    if (result.status !== 0) throw new Error(`openssl ${args[0]} failed (${result.status}): ${result.stderr}`);
  }
}
