// The cart, checkout and orders of the shop (user portal), and the order consoles of vendors and admins.
export * from './cart';
