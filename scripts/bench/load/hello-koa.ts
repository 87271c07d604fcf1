// The baseline of the load benchmark: a bare Koa server that answers 'hello' to everything, started
// the same way as the backend (its own `node --import tsx` process on loopback).
import Koa from 'koa';

const app = new Koa();
app.use((ctx) => {
  ctx.body = 'hello';
});
app.listen(Number(process.env.PORT), '127.0.0.1');
