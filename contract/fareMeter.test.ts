import { meterFare, meterSteps } from './fareMeter';

const tariff = { flag_down: 450, step: 190 };

describe('the taxímetro arithmetic', () => {
  it('shows the bajada de bandera alone until a first step completes', () => {
    expect(meterFare(tariff, [])).toBe(450);
    expect(meterFare(tariff, [{ meters: 199, ms: 59_999 }])).toBe(450);
  });

  it('adds a step at exactly 200 m or exactly 60 s', () => {
    expect(meterSteps([{ meters: 200, ms: 1_000 }])).toBe(1);
    expect(meterSteps([{ meters: 0, ms: 60_000 }])).toBe(1);
  });

  it('counts whichever comes first: distance when driving fast, time when stuck in traffic', () => {
    // 2 km in 3 minutes (40 km/h): distance wins, 10 steps, not 3.
    expect(meterSteps([{ meters: 2_000, ms: 180_000 }])).toBe(10);
    // 300 m in 10 minutes (a jam): time wins, 10 steps, not 1.
    expect(meterSteps([{ meters: 300, ms: 600_000 }])).toBe(10);
    expect(meterFare(tariff, [{ meters: 2_000, ms: 180_000 }])).toBe(450 + 10 * 190);
  });

  it('applies the rule stretch by stretch, so a fast then a slow stretch adds both', () => {
    // 1 km fast (5 steps) then 5 minutes standing (5 steps): 10, where totals alone would say 5 or 6.
    expect(meterSteps([{ meters: 1_000, ms: 60_000 }, { meters: 0, ms: 300_000 }])).toBe(10);
  });

  it('carries the part of a step across stretches, and never counts a fraction of one', () => {
    expect(meterSteps([{ meters: 100, ms: 0 }, { meters: 100, ms: 0 }])).toBe(1);
    expect(meterSteps([{ meters: 0, ms: 30_000 }, { meters: 100, ms: 0 }])).toBe(1);
    expect(meterSteps([{ meters: 399, ms: 0 }])).toBe(1);
  });

  it('stays in whole pesos for a long trip', () => {
    const fare = meterFare({ flag_down: 500, step: 210 }, [{ meters: 35_123, ms: 3_600_000 }]);
    expect(Number.isInteger(fare)).toBe(true);
    expect(fare).toBe(500 + 175 * 210);
  });
});
