// Preloaded (node --import) into the Node programs the tests start: every
// server they create listens on 127.0.0.1 only, never on all interfaces.
//
// Programs such as the conformance suite call server.listen(0) and read
// server.address() at once; Node binds synchronously only without a host,
// so 127.0.0.1 is also made to resolve synchronously.
//
// With ELICIT_REPORT_PORT set, each server writes "ELICIT_LISTENING <port>"
// on stderr once it listens (for servers that print no usable port).

import dns from 'node:dns';
import net from 'node:net';

const LOOPBACK = '127.0.0.1';

const lookup = dns.lookup;
dns.lookup = function (hostname, options, callback) {
  if (hostname !== LOOPBACK)
    return lookup.apply(this, arguments);
  const done = typeof options === 'function' ? options : callback;
  if (options && typeof options === 'object' && options.all)
    done(null, [{ address: LOOPBACK, family: 4 }]);
  else
    done(null, LOOPBACK, 4);
  return {};
};

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  const callback = typeof args[args.length - 1] === 'function' ? args.pop() : undefined;
  let options;

  if (args.length === 0 || args[0] === undefined || args[0] === null)
    options = { port: 0 };
  else if (typeof args[0] === 'number' || (typeof args[0] === 'string' && /^\d+$/.test(args[0])))
    options = { port: Number(args[0]) };
  else if (typeof args[0] === 'object' && args[0].path === undefined && args[0].fd === undefined &&
           args[0]._handle === undefined && args[0].handle === undefined)
    options = { ...args[0] };
  else
    return listen.call(this, ...args, ...(callback ? [callback] : []));

  options.host = LOOPBACK;
  if (process.env.ELICIT_REPORT_PORT)
    this.once('listening', () => process.stderr.write(`ELICIT_LISTENING ${this.address().port}\n`));

  return listen.call(this, options, ...(callback ? [callback] : []));
};
