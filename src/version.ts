/** zot's version, announced in `hello_ack.zot_version` and `--version`. */
export const ZOT_VERSION = "0.1.0";
