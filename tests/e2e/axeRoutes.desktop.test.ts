import { describeAxeOnEveryRoute } from './support/axeOnEveryRoute';

describeAxeOnEveryRoute('desktop');
