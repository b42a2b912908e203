import { confineCommand, resetOsSandbox } from "../src/ossandbox/confine.ts";
const c = await confineCommand(["/usr/bin/python3", "-c", "import os,sys; print(sys.version); print(os.listdir('/')); print(os.listdir('/work')[:3], os.listdir('/root')[:3], os.listdir('/var')[:3], os.listdir('/opt')[:3]); print(open('/work/wt/PREAMBLE3.md').read()[:30])"], {
  readDeny: ["/"], readAllow: ["/usr", "/lib", "/lib64", "/bin", "/sbin", "/etc"], write: [], netHosts: [], loopback: false, env: { PATH: "/usr/bin:/bin" },
}, "/");
const out = await new Deno.Command(c.argv[0], { args: c.argv.slice(1), clearEnv: true, env: c.env }).output();
console.log(out.code, new TextDecoder().decode(out.stdout), new TextDecoder().decode(out.stderr));
await c.release(); await resetOsSandbox();
