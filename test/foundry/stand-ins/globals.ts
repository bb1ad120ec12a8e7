/** Stand-ins: globals (see docs/foundry-stand-ins.md). */
export {};
