// A reference for the server-profile benchmark: a bare Koa server answering, to everything, one
// answer the backend gave (its body and headers, recorded in the file RECORDED_ANSWER names). What
// it costs is what Node and Koa alone charge for the same bytes on the same socket: the floor
// under the backend's own work.
import fs from 'node:fs';
import Koa from 'koa';

const { body, headers } = JSON.parse(fs.readFileSync(process.env.RECORDED_ANSWER!, 'utf8')) as { body: string; headers: Record<string, string> };
const app = new Koa();
app.use((ctx) => {
  ctx.set(headers);
  ctx.body = body;
});
app.listen(Number(process.env.PORT), '127.0.0.1');
