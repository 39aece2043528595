// SPDX-License-Identifier: GPL-2.0
/*
 * am65_cpsw_irq.c - the RX flows' interrupt line, pacing timer and
 * irq_disabled flag (am65_cpsw_nuss_rx_irq, the tail of
 * am65_cpsw_nuss_rx_poll, am65_cpsw_nuss_rx_timer_callback).
 *
 * The handler masks the line and schedules NAPI; a poll that completes
 * unmasks it, at once or, with pacing (ethtool rx-usecs), from the timer.
 * NAPI is also scheduled with the line unmasked (the XSK wakeup), and a
 * stop cancels a pending timer: what the flag says must match the line.
 */
#include "am65_cpsw.h"

/* Whether the IRQ handling is upstream's, one revision or the other. */
static bool am65_cpsw_rx_irq_upstream(struct am65_cpsw_common *common)
{
	return rl_am65_bug(common, RL_V_IRQ_DISABLED_CLEARED) ||
	       rl_am65_bug(common, RL_V_PACING_TIMER_UNBALANCED);
}

/* am65_cpsw_nuss_rx_irq(): mask the line, let NAPI do the work. */
void rl_am65_cpsw_rx_irq(void *data)
{
	struct am65_cpsw_rx_flow *flow = data;

	flow->irq_disabled = true;
	rl_disable_irq_nosync(&flow->irq);
	rl_napi_schedule(&flow->napi_rx);
}

void rl_am65_cpsw_rx_irq_rearm(struct am65_cpsw_rx_flow *flow)
{
	struct am65_cpsw_common *common = flow->common;
	/* v2 7/7: paced, the timer runs whoever scheduled the poll */
	bool v2_7_7 = rl_am65_bug(common, RL_V_PACING_TIMER_UNBALANCED);

	if (!common->cfg.pacing) {
		if (flow->irq_disabled) {
			flow->irq_disabled = false;
			rl_enable_irq(&flow->irq);
		}
		return;
	}
	/*
	 * Fix (pacing_timer_unbalanced): v2 7/7 starts the timer for every
	 * completed poll, also one the XSK wakeup scheduled with the line
	 * unmasked, whose timer then enables it a second time.  Only a line
	 * the handler masked comes back.  Fix (irq_disabled_cleared):
	 * mainline clears irq_disabled before starting the timer, so a timer
	 * cancelled in destroy leaves the IRQ masked with the flag clear, and
	 * nothing unmasks it: no RX interrupt ever again.  The flag is
	 * cleared where the line is enabled (the timer callback).
	 */
	if (!flow->irq_disabled && !v2_7_7)
		return;
	if (rl_am65_bug(common, RL_V_IRQ_DISABLED_CLEARED) && !v2_7_7)
		flow->irq_disabled = false;
	rl_hrtimer_start(&flow->rx_hrtimer);
}

/* am65_cpsw_nuss_rx_timer_callback(): pacing over, the IRQ back on. */
void rl_am65_cpsw_rx_timer(void *data)
{
	struct am65_cpsw_rx_flow *flow = data;

	/* mainline's callback only enables (and v2 7/7 left it so) */
	if (!am65_cpsw_rx_irq_upstream(flow->common))
		flow->irq_disabled = false;
	rl_enable_irq(&flow->irq);
}

void rl_am65_cpsw_rx_irq_reopen(struct am65_cpsw_rx_flow *flow)
{
	/*
	 * Fix (irq_disabled_cleared, pacing_timer_unbalanced): a line the
	 * handler masked and no poll or timer unmasked (a pacing timer the
	 * stop cancelled) is unmasked here, as 6.1's common_open did with
	 * rx_irq_disabled; an event that came meanwhile is resent and
	 * schedules the NAPI.  Mainline's create_rxq has no such step.
	 */
	if (flow->irq_disabled && !am65_cpsw_rx_irq_upstream(flow->common)) {
		flow->irq_disabled = false;
		rl_enable_irq(&flow->irq);
	}
}
