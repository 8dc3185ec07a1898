package dev.bufmgr.workloads.trace;

import java.nio.charset.StandardCharsets;

/**
 * Object ids written as text ({@code "user:42"}, a URL, a key) made page ids: the 64-bit FNV-1a
 * hash of the id's UTF-8 bytes (Fowler, Noll and Vo; offset basis 0xcbf29ce484222325, prime
 * 0x100000001b3, as in draft-eastlake-fnv). Only equality of ids matters to a cache, so any
 * 64-bit hash gives the same hits until two ids collide (about n^2 / 2^65 expected collisions
 * among n distinct ids). libCacheSim hashes text ids with XXH3_64bits ({@code
 * get_hash_value_str}, {@code dataStructure/hash/hash.h}, HASH_TYPE XXHASH3 in {@code
 * include/config.h}, commit aa0fc40), so the page ids differ from its object ids while the hits
 * agree.
 */
public final class StringIds {
  private static final long OFFSET_BASIS = 0xcbf29ce484222325L;
  private static final long PRIME = 0x100000001b3L;

  private StringIds() {}

  /** The page id of the text id {@code id}. */
  public static long hash(String id) {
    long h = OFFSET_BASIS;
    for (byte b : id.getBytes(StandardCharsets.UTF_8)) {
      h ^= b & 0xff;
      h *= PRIME;
    }
    return h;
  }
}
