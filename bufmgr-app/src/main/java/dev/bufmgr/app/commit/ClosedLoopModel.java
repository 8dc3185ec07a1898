package dev.bufmgr.app.commit;

/**
 * The closed-loop fixed point of greedy group commit (seeds/000, eq. 1, with issue 5's exact
 * rho): N clients, exponential think time Z, constant flush time F, device saturated. A client's
 * mean wait in flush units is rho = 2 - Z/F + 1/(e^(F/Z) - 1), so the batch is K* = N (e^x - 1) /
 * (2 e^x - 1) with x = F / Z, the throughput X* = K* / F and the response R* = N / X* - Z.
 */
public final class ClosedLoopModel {
  private ClosedLoopModel() {}

  /** K*, the mean batch. */
  public static double batch(int clients, double flush, double think) {
    double e = Math.exp(flush / think);
    return clients * (e - 1) / (2 * e - 1);
  }

  /** X*, commits per unit of time. */
  public static double throughput(int clients, double flush, double think) {
    return batch(clients, flush, think) / flush;
  }

  /** R*, the mean response (commit latency). */
  public static double response(int clients, double flush, double think) {
    return clients / throughput(clients, flush, think) - think;
  }
}
