// bench-json-node.mjs — Node's JSON.parse on bench-json's flood workload, the peer of
// `bench-json --case flood` in tests/bench/run.sh.
//
// Usage: node bench-json-node.mjs [LINES]
//
// Parses the same 1,000 notifications/message lines (as elicit-demo-server --flood writes
// them) round-robin, LINES times in all (200000), after a warm-up pass so V8 has compiled
// the loop, and prints one line in bench-json's format.

const lines = Number.parseInt(process.argv[2] ?? "200000", 10);
const variants = [];
for (let i = 0; i < 1000; i++)
  variants.push(`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info",` +
                `"logger":"flood","data":"flood message ${i + 1} of 200000"}}`);

let sink = 0;
const run = (n) => {
  for (let i = 0; i < n; i++)
    sink += JSON.parse(variants[i % 1000]).params.data.length;
};
run(Math.min(lines, 50000));

const bytes = variants.reduce((sum, line) => sum + line.length, 0) / variants.length;
const start = process.hrtime.bigint();
run(lines);
const us = Number(process.hrtime.bigint() - start) / 1000;
console.log(`flood: ${lines} parses of ${Math.round(bytes)} bytes each, ` +
            `${(us / lines).toFixed(3)} µs per parse, ${(bytes * lines / us).toFixed(1)} MB/s` +
            (sink < 0 ? "" : ""));
