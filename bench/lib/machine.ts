/** The machine a benchmark ran on: every result file carries this. */
import os from 'node:os';

export interface Machine {
  nproc: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  platform: string;
  kernel: string;
}

export function machine(): Machine {
  const cpus = os.cpus();
  return {
    nproc: os.availableParallelism?.() ?? cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.type()} ${os.arch()}`,
    kernel: os.release(),
  };
}

export function machineLine(m: Machine = machine()): string {
  return `${m.nproc} CPU (${m.cpuModel}), ${m.memoryGiB} GiB RAM, Node ${m.node}, ${m.platform} ${m.kernel}`;
}
