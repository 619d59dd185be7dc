/** Ports and marinas. The folder's only door. */
export { portInputSchema, type Port, type PortInput } from "./model";
export { createPortsService, type PortsService } from "./service";
