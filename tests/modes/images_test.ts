/**
 * Images through real zot processes to both wire formats: RPC `prompt`
 * images (checked at the boundary, so a broken one cannot poison the
 * transcript) and PNG / JPEG files the `read` tool returns.
 */

import { join } from "../../src/path.ts";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { type FakeLlm, startFakeLlm } from "../helpers/fake_llm.ts";
import { tempZot } from "../helpers/tmp.ts";
import { rpcProcess } from "./rpc_client.ts";
import { jsonLinesOf, runZot } from "./run_zot.ts";

// Smallest files the magic-byte sniffing accepts as PNG and JPEG.
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0xff, 0xd9]);
const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

const WIRES = [
  {
    name: "anthropic",
    args: (llm: FakeLlm) => ["--base-url", llm.url],
    /** `mime;base64` of every image block in a request body, in order. */
    images: (body: unknown): string[] =>
      [...JSON.stringify(body).matchAll(/"media_type":"([^"]+)","data":"([^"]+)"/g)]
        .map((m) => `${m[1]};${m[2]}`),
  },
  {
    name: "openai",
    args: (
      llm: FakeLlm,
    ) => ["--provider", "openai", "--model", "gpt-4o", "--base-url", llm.openaiBaseUrl],
    images: (body: unknown): string[] =>
      [...JSON.stringify(body).matchAll(/"url":"data:([^;]+);base64,([^"]+)"/g)]
        .map((m) => `${m[1]};${m[2]}`),
  },
];

for (const wire of WIRES) {
  Deno.test(`RPC prompt images (${wire.name}): a bad image is refused, a good one sent by its real type`, async () => {
    await using z = await tempZot();
    await using llm = await startFakeLlm({ script: [{ text: "seen" }, { text: "again" }] });
    const rpc = rpcProcess([...wire.args(llm), "--api-key", "x", "--no-ext"], z);
    const refusals: [unknown, string][] = [
      [{ mime_type: "text/plain", data: btoa("hello") }, "is not a PNG, JPEG, GIF or WebP image"],
      [{ mime_type: "image/png", data: "!!not base64!!" }, `"images[0].data" is not valid base64`],
    ];
    for (const [image, error] of refusals) {
      await rpc.send({ type: "prompt", id: "bad", message: "look", images: [image] });
      const reply = await rpc.next();
      assertEquals([reply.id, reply.success], ["bad", false]);
      assertStringIncludes(String(reply.error), error);
    }
    // "image/jpg" is a common slip; the bytes say JPEG. Base64 wrapped at 8 columns still decodes.
    const wrapped = b64(JPEG).replace(/(.{8})/g, "$1\n");
    await rpc.send({
      type: "prompt",
      id: "1",
      message: "look",
      images: [{ mime_type: "image/jpg", data: wrapped }],
    });
    await rpc.until((f) => f.type === "done");
    await rpc.send({ type: "prompt", id: "2", message: "and now?" });
    await rpc.until((f) => f.type === "done");
    assertEquals((await rpc.close()).code, 0);
    assertEquals(wire.images((await llm.request(0)).body), [`image/jpeg;${b64(JPEG)}`]);
    // The refused images never entered the transcript.
    assertEquals(wire.images((await llm.request(1)).body), [`image/jpeg;${b64(JPEG)}`]);
  });

  Deno.test(`read tool images (${wire.name}): a PNG and a JPEG reach the model`, async () => {
    await using z = await tempZot();
    await Deno.writeFile(join(z.cwd, "shot.png"), PNG);
    // No extension: the bytes, not the name, make it an image.
    await Deno.writeFile(join(z.cwd, "photo"), JPEG);
    await using llm = await startFakeLlm({
      script: [
        {
          toolCalls: [
            { name: "read", args: { path: "shot.png" } },
            { name: "read", args: { path: "photo" } },
          ],
        },
        { text: "two images" },
      ],
    });
    const r = await runZot(["--json", "look", ...wire.args(llm), "--api-key", "x", "--no-ext"], z);
    assertEquals(r.code, 0, r.stderr);
    const results = jsonLinesOf(r.stdout).filter((e) => e.type === "tool_result");
    assertEquals(results.map((e) => e.is_error), [false, false]);
    // Clients get each image's type and size, not its data (§5.9 message shape).
    assertEquals(results.map((e) => (e.content as unknown[])[1]), [
      { type: "image", mime_type: "image/png", bytes: PNG.length },
      { type: "image", mime_type: "image/jpeg", bytes: JPEG.length },
    ]);
    assertEquals(wire.images((await llm.request(1)).body), [
      `image/png;${b64(PNG)}`,
      `image/jpeg;${b64(JPEG)}`,
    ]);
  });
}

Deno.test("RPC: tool result images reach clients as type and size, in events and get_messages", async () => {
  await using z = await tempZot();
  await Deno.writeFile(join(z.cwd, "shot.png"), PNG);
  await using llm = await startFakeLlm({
    script: [{ toolCalls: [{ name: "read", args: { path: "shot.png" } }] }, { text: "seen" }],
  });
  const rpc = rpcProcess(["--base-url", llm.url, "--api-key", "x", "--no-ext"], z);
  await rpc.send({ type: "prompt", id: "1", message: "look" });
  const events = await rpc.until((f) => f.type === "done");
  const image = { type: "image", mime_type: "image/png", bytes: PNG.length };
  const result = events.find((f) => f.type === "tool_result");
  assertEquals((result?.content as unknown[])[1], image);
  await rpc.send({ type: "get_messages", id: "m" });
  const { messages } = (await rpc.next()).data as {
    messages: { role: string; content: unknown[] }[];
  };
  const tool = messages.find((m) => m.role === "tool")?.content[0] as { content: unknown[] };
  assertEquals(tool.content[1], image);
  assertEquals((await rpc.close()).code, 0);
  assert(!rpc.seen.some((line) => line.includes(b64(PNG))), "image data on stdout");
});
