/**
 * What {@code bufmgr pipeline} writes beside its rows: the charts and the summary of its folder
 * (the runs themselves are {@code dev.bufmgr.pipeline.run}'s).
 */
package dev.bufmgr.app.pipeline;
