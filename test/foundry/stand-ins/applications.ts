/** Stand-ins: applications (see docs/foundry-stand-ins.md). */
export {};
