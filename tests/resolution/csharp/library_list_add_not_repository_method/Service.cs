using System.Collections.Generic;

namespace App
{
    public class Service
    {
        void Collect(string item)
        {
            var items = new List<string>();
            items.Add(item);
        }

        void Fill(Bag bag, string item)
        {
            bag.Add(item);
        }
    }
}
