/**
 * `ReservedDomain`: its definition (`./definition`) with the generic implementation
 * (`../framework/implementation`: `POST`, `GET`, `PATCH`, `DELETE /reserved_domains[/{id}]`, a
 * create sent once and found by its domain after a failure that may have acted, ngrok's refusals
 * of the domain named as the input). Nothing is its own.
 *
 * @module
 */
import { crudResource } from "../framework/implementation";
import { reservedDomainDefinition } from "./definition";

/** The reserved domain. */
export const reservedDomain = crudResource(reservedDomainDefinition);
