/**
 * The spec grammar of inputs ({@code name:key=value,...}, nesting for mixes) and typed parameter
 * access that refuses keys nobody asked for and records the values used, so a result row echoes its
 * whole configuration.
 */
package dev.bufmgr.workloads.spec;
