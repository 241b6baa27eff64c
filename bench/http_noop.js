// A keep-alive HTTP job service that does nothing, for `./tasks bench handlers`: the bound of
// cogctl's HTTP handler, not of a job. Listens on 127.0.0.1, prints its port on stdout.
"use strict";
const http = require("http");
const server = http.createServer({ keepAliveTimeout: 60000 }, (req, res) => {
  req.on("data", () => {});
  req.on("end", () => {
    res.writeHead(204);
    res.end();
  });
});
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${server.address().port}\n`);
});
